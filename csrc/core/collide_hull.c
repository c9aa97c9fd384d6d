/*
 * collide_hull.c -- convex hulls: collide.convex(points), collide.convex_box(e).
 *
 * The hull of at most 256 points, exact for the given doubles: every
 * decision is the sign of an orientation determinant, computed exactly
 * (collide_predicates.c), so repeated, coplanar and collinear points give
 * the hull of exact arithmetic, never a sliver face or a vertex inside an
 * edge made by rounding.
 *
 * 1. The points are checked, repeated ones dropped (exact equality), and
 *    a copy scaled by a power of two to a largest coordinate in [1/2, 1)
 *    (exact, and no sign changes) is what every predicate sees.
 * 2. A first tetrahedron: two distinct points, a third off their line
 *    (collinear exactly when all three axis projections are: orient2d),
 *    a fourth off their plane (orient3d). No third point: every point is
 *    on one line, an error. No fourth: the hull is flat (step 5).
 * 3. Every other point is added by the beneath-beyond method
 *    (Preparata and Shamos, "Computational Geometry", 1985, 3.4.1;
 *    O'Rourke, "Computational Geometry in C", 2nd ed., 4.3): the triangles
 *    it lies strictly beyond (orient3d > 0) are removed and their horizon,
 *    the edges between a removed triangle and a kept one, is joined to the
 *    point. A point on or beneath every triangle's plane is inside or on
 *    the hull and changes nothing. With exact signs the removed triangles
 *    form a disc whose boundary is one simple cycle, so each horizon
 *    vertex starts one new triangle and ends one. The result is a
 *    triangulation of the hull's boundary whose triangles may be coplanar
 *    and whose vertices may lie inside a face or an edge.
 * 4. The faces: for each triangle not yet placed, the points on its plane
 *    (orient3d = 0) are that face's points (a supporting plane meets the
 *    hull in exactly one face), and every triangle with its three
 *    vertices among them belongs to it. Their 2D hull (Andrew's monotone
 *    chain, A. M. Andrew, Inf. Proc. Letters 9, 1979, with exact orient2d
 *    in the projection that drops the axis of the face normal's largest
 *    component; strict turns only) is the face's ring of corners, turned
 *    counter-clockwise seen from outside. The hull's vertices are the
 *    points on some ring, in the order given; its edges, the ring sides
 *    (each side is in two rings, in opposite directions: kept once).
 * 5. A flat hull (every point in one plane) is the 2D hull of all points,
 *    with two faces over it, normal n and -n; with every z = 0 the first
 *    face's normal is +z.
 * 6. What the sweeps test (collide_convex.c), listed once here so that
 *    no sweep lists it: the face normals and the edge directions without
 *    repeats up to sign (a direction's key: v or -v, whichever has its
 *    first nonzero component positive; a hash of its bits), each face's
 *    axis with its sign, the two faces beside each edge (its arc on the
 *    Gauss map), the hull's extent along each face axis, and whether the
 *    corners are a box's (+-e). O(n) more memory; collide.h bounds it.
 * Face normals are Newell's (M. Newell; Sutherland, Sproull, Schumacker,
 * "A characterization of ten hidden-surface algorithms", 1974) over the
 * ring about its centroid, normalized: for a ring in an axis plane this
 * is that axis exactly.
 *
 * O(n^2) orientation tests for n points; the scratch (about 60 KB for 256
 * points) is taken and freed in the call.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "collide_prims.h"
#include "collide_convex_internal.h"

#define MAXP COLLIDE_MAX_CONVEX_POINTS
/* a triangulated hull of m points has at most 2m - 4 triangles */
#define MAXT (2 * MAXP)
/* axes: at most 3m - 6 edges, plus a flat hull's normal; the hash table
   of their keys, a power of two at least twice that */
#define MAXAX (3 * MAXP + 1)
#define AXSLOTS 2048

/* A triangle of the boundary: corners v (counter-clockwise seen from
   outside) and nb[i], the triangle across the side v[i] -> v[i + 1]. */
typedef struct tri {
  int v[3], nb[3];
  int alive;
} tri;

typedef struct work {
  int m;                    /* distinct points */
  vec3 p[MAXP];             /* scaled: what the predicates see */
  int src[MAXP];            /* each one's index in the input */
  tri t[MAXT];
  int nt;                   /* slots in use, alive or free */
  int freed[MAXT], nfree;
  unsigned char visible[MAXT];
  /* the horizon of the point being added: side a -> b of a removed
     triangle, and the kept triangle out with its side slot j */
  int ha[MAXT], hb[MAXT], hout[MAXT], hj[MAXT];
  int by_start[MAXP], by_end[MAXP];
  /* faces */
  int facet_of[MAXT];
  unsigned char on[MAXP];
  int nf;
  int face_first[MAXT + 1];
  int ring[6 * MAXP];       /* the rings' lengths sum to twice the edges */
  int order[MAXP], chain[2 * MAXP + 1];
  int vid[MAXP];
  /* the axes (write_hull): the keys listed, their hash table, and the
     edges by their first vertex */
  vec3 key[MAXAX];
  int slot[AXSLOTS];
  int e_head[MAXP], e_next[3 * MAXP];
} work;

/* ---- small pieces ----------------------------------------------------------- */

static int orient3(const work *w, int a, int b, int c, int d) {
  return collide__orient3d(&w->p[a], &w->p[b], &w->p[c], &w->p[d]);
}

/* Exactly: the three points lie on one line when their projections on the
   three axis planes are all collinear (the cross product is zero). */
static int collinear3(const work *w, int a, int b, int c) {
  const vec3 *A = &w->p[a], *B = &w->p[b], *C = &w->p[c];
  return collide__orient2d(A->x, A->y, B->x, B->y, C->x, C->y) == 0 &&
         collide__orient2d(A->y, A->z, B->y, B->z, C->y, C->z) == 0 &&
         collide__orient2d(A->z, A->x, B->z, B->x, C->z, C->x) == 0;
}

static int new_tri(work *w, int a, int b, int c) {
  int i = w->nfree > 0 ? w->freed[--w->nfree] : w->nt++;
  tri *t = &w->t[i];
  t->v[0] = a; t->v[1] = b; t->v[2] = c;
  t->nb[0] = t->nb[1] = t->nb[2] = -1;
  t->alive = 1;
  return i;
}

/* ---- the triangulated hull (steps 2 and 3) ---------------------------------- */

/* The first tetrahedron, i3 off the plane i0 i1 i2: its four triangles,
   counter-clockwise seen from outside, and their neighbours. */
static void tetrahedron(work *w, int i0, int i1, int i2, int i3) {
  int f[4], a, b, ea, eb;
  if (orient3(w, i0, i1, i2, i3) > 0) {   /* i3 must be beneath i0 i1 i2 */
    int s = i1;
    i1 = i2;
    i2 = s;
  }
  f[0] = new_tri(w, i0, i1, i2);
  f[1] = new_tri(w, i0, i3, i1);
  f[2] = new_tri(w, i1, i3, i2);
  f[3] = new_tri(w, i0, i2, i3);
  for (a = 0; a < 4; a++)
    for (b = 0; b < 4; b++)
      for (ea = 0; ea < 3; ea++)
        for (eb = 0; eb < 3; eb++) {
          tri *A = &w->t[f[a]], *B = &w->t[f[b]];
          if (a != b && A->v[ea] == B->v[(eb + 1) % 3] &&
              A->v[(ea + 1) % 3] == B->v[eb])
            A->nb[ea] = f[b];
        }
}

/* Adds point q (beneath-beyond, step 3). */
static void add_point(work *w, int q) {
  int i, e, nh = 0;
  for (i = 0; i < w->nt; i++) {
    const tri *t = &w->t[i];
    w->visible[i] = (unsigned char)(t->alive &&
                                    orient3(w, t->v[0], t->v[1], t->v[2], q) > 0);
  }
  for (i = 0; i < w->nt; i++) {
    const tri *t = &w->t[i];
    if (!w->visible[i]) continue;
    for (e = 0; e < 3; e++) {
      int out = t->nb[e], j;
      if (w->visible[out]) continue;
      for (j = 0; j < 3 && w->t[out].nb[j] != i; j++) {}
      w->ha[nh] = t->v[e];
      w->hb[nh] = t->v[(e + 1) % 3];
      w->hout[nh] = out;
      w->hj[nh] = j;
      nh++;
    }
  }
  if (nh == 0) return;   /* inside or on the hull */
  for (i = 0; i < w->nt; i++)
    if (w->visible[i]) {
      w->t[i].alive = 0;
      w->freed[w->nfree++] = i;
    }
  for (i = 0; i < nh; i++) {
    int f = new_tri(w, w->ha[i], w->hb[i], q);
    w->t[f].nb[0] = w->hout[i];
    w->t[w->hout[i]].nb[w->hj[i]] = f;
    w->by_start[w->ha[i]] = f;
    w->by_end[w->hb[i]] = f;
  }
  /* new triangle (a, b, q): across b -> q the new one starting at b,
     across q -> a the new one ending at a */
  for (i = 0; i < nh; i++) {
    int f = w->by_start[w->ha[i]];
    w->t[f].nb[1] = w->by_start[w->hb[i]];
    w->t[f].nb[2] = w->by_end[w->ha[i]];
  }
}

/* ---- faces (steps 4 and 5) -------------------------------------------------- */

/* The 2D hull of the points q with w->on[q], in the plane through a, b, c
   (not collinear), written counter-clockwise about the normal
   (b - a) x (c - a) when toward_normal, else about the axis the
   projection drops (the flat hull's first face); returns its length. */
static int face_ring(work *w, int a, int b, int c, int toward_normal, int *out) {
  const vec3 *A = &w->p[a], *B = &w->p[b], *C = &w->p[c];
  vec3 n = v_cross(v_sub(*B, *A), v_sub(*C, *A));
  /* the exact sign of each component of the normal: the orientation of
     the triangle's projection on the plane of the other two axes */
  int s[3], k = -1, i, j, cnt = 0, h = 0, lo;
  double best = -1, mag[3];
  s[0] = collide__orient2d(A->y, A->z, B->y, B->z, C->y, C->z);
  s[1] = collide__orient2d(A->z, A->x, B->z, B->x, C->z, C->x);
  s[2] = collide__orient2d(A->x, A->y, B->x, B->y, C->x, C->y);
  mag[0] = fabs(n.x); mag[1] = fabs(n.y); mag[2] = fabs(n.z);
  for (i = 0; i < 3; i++)
    if (s[i] != 0 && mag[i] > best) {
      best = mag[i];
      k = i;
    }
  /* (k >= 0: a, b, c are not collinear, so some projection is not; the
     fallback only gives the analyzer an axis it can see) */
  if (k < 0) k = 2;
  for (i = 0; i < w->m; i++)
    if (w->on[i]) w->order[cnt++] = i;
  /* sorted by (u, v): the coordinates after the dropped axis k, in cyclic
     order, so that counter-clockwise in (u, v) is about +axis k */
#define U(q) (k == 0 ? w->p[q].y : k == 1 ? w->p[q].z : w->p[q].x)
#define V(q) (k == 0 ? w->p[q].z : k == 1 ? w->p[q].x : w->p[q].y)
  for (i = 1; i < cnt; i++) {
    int q = w->order[i];
    for (j = i; j > 0; j--) {
      int r = w->order[j - 1];
      if (U(r) < U(q) || (U(r) == U(q) && V(r) < V(q))) break;
      w->order[j] = r;
    }
    w->order[j] = q;
  }
#define TURN(p, q, r) collide__orient2d(U(p), V(p), U(q), V(q), U(r), V(r))
  for (i = 0; i < cnt; i++) {             /* lower chain */
    int q = w->order[i];
    while (h >= 2 && TURN(w->chain[h - 2], w->chain[h - 1], q) <= 0) h--;
    w->chain[h++] = q;
  }
  lo = h + 1;
  for (i = cnt - 2; i >= 0; i--) {        /* upper chain */
    int q = w->order[i];
    while (h >= lo && TURN(w->chain[h - 2], w->chain[h - 1], q) <= 0) h--;
    w->chain[h++] = q;
  }
#undef TURN
#undef U
#undef V
  h--;   /* the last is the first again */
  if (toward_normal && s[k] < 0) {
    for (i = 0; i < h; i++) out[i] = w->chain[h - 1 - i];
  } else {
    for (i = 0; i < h; i++) out[i] = w->chain[i];
  }
  return h;
}

/* Step 4: the faces of the triangulated hull, into face_first and ring. */
static void faces_3d(work *w) {
  int i, j, r = 0;
  for (i = 0; i < w->nt; i++) w->facet_of[i] = -1;
  w->nf = 0;
  for (i = 0; i < w->nt; i++) {
    const tri *t = &w->t[i];
    int a = t->v[0], b = t->v[1], c = t->v[2];
    if (!t->alive || w->facet_of[i] >= 0) continue;
    for (j = 0; j < w->m; j++)
      w->on[j] = (unsigned char)(j == a || j == b || j == c ||
                                 orient3(w, a, b, c, j) == 0);
    for (j = 0; j < w->nt; j++) {
      const tri *s = &w->t[j];
      if (s->alive && w->on[s->v[0]] && w->on[s->v[1]] && w->on[s->v[2]])
        w->facet_of[j] = w->nf;
    }
    w->face_first[w->nf] = r;
    r += face_ring(w, a, b, c, 1, &w->ring[r]);
    w->nf++;
  }
  w->face_first[w->nf] = r;
}

/* Step 5: a flat hull's two faces. */
static void faces_flat(work *w, int i0, int i1, int i2) {
  int j, h;
  for (j = 0; j < w->m; j++) w->on[j] = 1;
  h = face_ring(w, i0, i1, i2, 0, w->ring);
  for (j = 0; j < h; j++) w->ring[h + j] = w->ring[h - 1 - j];
  w->nf = 2;
  w->face_first[0] = 0;
  w->face_first[1] = h;
  w->face_first[2] = 2 * h;
}

/* ---- output ------------------------------------------------------------------ */

/* The plane of a ring of input points: Newell's normal about the
   centroid, normalized, through the centroid. The normal is computed on
   the scaled copy (sc, the points times 2^e, exactly): the same products
   times 2^2e, so the same unit vector, but none of them underflows for
   tiny coordinates (a convex_box of extents near 1e-308 had a zero
   normal: its products all underflowed). */
static collide_plane ring_plane(const collide_vec3 *pts, const vec3 *sc,
                                const int *src, const int *ring, int h) {
  vec3 c = v3(0, 0, 0), cs = v3(0, 0, 0), n = v3(0, 0, 0);
  collide_plane pl;
  int i;
  for (i = 0; i < h; i++) {
    c = v_add(c, pts[src[ring[i]]]);
    cs = v_add(cs, sc[ring[i]]);
  }
  c = v_scale(c, 1.0 / h);
  cs = v_scale(cs, 1.0 / h);
  for (i = 0; i < h; i++) {
    vec3 p = v_sub(sc[ring[i]], cs), q = v_sub(sc[ring[(i + 1) % h]], cs);
    n.x += (p.y - q.y) * (p.z + q.z);
    n.y += (p.z - q.z) * (p.x + q.x);
    n.z += (p.x - q.x) * (p.y + q.y);
  }
  {
    /* Newell's sum about the centroid rounds a sliver's tiny side away
       (a corner at 1e-308 beside corners near 10, a side of 4e-9 beside
       one of 18, three corners a hair off one line): it vanishes or
       tilts. So it is checked against (p - o) x (q - o) at one corner o
       (neighbours p, q; never on one line, exactly), each component the
       exact 2x2 determinant rounded (collide__cross2d): the ring is
       exactly planar, so that is its normal to rounding. Newell's is kept
       when within 1e-12 of it (every ordinary face: the same bits as
       before, and an axis exactly for a ring in an axis plane), else the
       corner's is taken. */
    vec3 o = sc[ring[0]], pp = sc[ring[1]], q = sc[ring[h - 1]];
    vec3 x = v3(collide__cross2d(o.y, o.z, pp.y, pp.z, q.y, q.z),
                collide__cross2d(o.z, o.x, pp.z, pp.x, q.z, q.x),
                collide__cross2d(o.x, o.y, pp.x, pp.y, q.x, q.y));
    if (dmax(fabs(x.x), dmax(fabs(x.y), fabs(x.z))) > 0) {
      vec3 un = v_normalize(n), ux = v_normalize(x);
      if (!(v_len2(v_sub(un, ux)) <= 1e-24)) n = x;
    }
  }
  pl.normal = v_normalize(n);
  pl.d = 0.0 - v_dot(pl.normal, c);   /* (+0, not -0, through the origin) */
  return pl;
}

/* Bytes of the block, the arrays each aligned as its type (the doubles
   first, then the ints). The axis lists get room for every face (a flat
   hull: its normal and every side normal) and every edge (a flat hull:
   and its normal), repeats or not. */
static int block_size(int nv, int nf, int nr, int ne, int flat, size_t *off) {
  size_t s = sizeof(collide_convex);
  s = (s + 7) & ~(size_t)7;
  off[0] = s; s += (size_t)nv * sizeof(collide_vec3);
  off[1] = s; s += (size_t)nf * sizeof(collide_plane);
  off[2] = s; s += (size_t)(flat ? 1 + ne : nf) * sizeof(collide_vec3);
  off[3] = s; s += (size_t)(ne + (flat ? 1 : 0)) * sizeof(collide_vec3);
  off[9] = s; s += (size_t)(flat ? 1 + ne : nf) * 2 * sizeof(double);
  off[4] = s; s += (size_t)(nf + 1) * sizeof(int);
  off[5] = s; s += (size_t)nr * sizeof(int);
  off[6] = s; s += (size_t)ne * 2 * sizeof(int);
  off[7] = s; s += (size_t)nf * sizeof(int);
  off[8] = s; s += (size_t)ne * 2 * sizeof(int);
  return (int)((s + 7) & ~(size_t)7);
}

/* ---- the axes the sweeps test ------------------------------------------------ */

/* A direction's key up to its sign: v or -v, whichever has its first
   nonzero component positive, zeros made +0; v and w are equal or
   opposite exactly when their keys are equal. Its hash: of the bits. */
static vec3 sign_key(vec3 v) {
  if (v.x < 0 || (v.x == 0 && (v.y < 0 || (v.y == 0 && v.z < 0)))) v = v_neg(v);
  return v3(v.x + 0.0, v.y + 0.0, v.z + 0.0);
}
static unsigned key_hash(vec3 k) {
  uint64_t b[3], h;
  memcpy(&b[0], &k.x, sizeof b[0]);
  memcpy(&b[1], &k.y, sizeof b[1]);
  memcpy(&b[2], &k.z, sizeof b[2]);
  h = (b[0] * 0x9E3779B97F4A7C15u) ^ (b[1] * 0xC2B2AE3D27D4EB4Fu) ^
      (b[2] * 0x165667B19E3779F9u);
  return (unsigned)(h >> 53) & (AXSLOTS - 1);
}

/* v into the list out[0 .. *n) unless it or its opposite is there
   exactly (w->slot: the hash table of the list's keys, cleared before a
   list starts): its index there times 2, plus 1 when the one listed is
   -v. */
static int axis_add(work *w, vec3 v, vec3 *out, int *n) {
  vec3 k = sign_key(v);
  unsigned at = key_hash(k);
  for (;;) {
    int j = w->slot[at];
    if (j < 0) {
      w->slot[at] = *n;
      w->key[*n] = k;
      out[*n] = v;
      return 2 * (*n)++;
    }
    if (w->key[j].x == k.x && w->key[j].y == k.y && w->key[j].z == k.z)
      return 2 * j + (out[j].x == v.x && out[j].y == v.y && out[j].z == v.z ? 0 : 1);
    at = (at + 1) & (AXSLOTS - 1);
  }
}

/* The axes of a written hull h (its vertices, faces, rings and edges in
   place; w: scratch): face_axis, edge_faces, axis_faces, axis_edges and
   their counts, box and box_extents. */
static void write_axes(work *w, collide_convex *h, vec3 *af, vec3 *ae, int *fx,
                       int *ef, double *ar) {
  const collide_vec3 *v = h->vertices;
  int f, k, i, n;
  /* the faces beside each edge: the ring side p -> q with p < q made the
     edge (write_hull), on its first face; the side q -> p is on its second */
  for (i = 0; i < h->vertex_count; i++) w->e_head[i] = -1;
  for (k = 0; k < h->edge_count; k++) {
    w->e_next[k] = w->e_head[h->edges[2 * (size_t)k]];
    w->e_head[h->edges[2 * (size_t)k]] = k;
    ef[2 * (size_t)k] = ef[2 * (size_t)k + 1] = -1;
  }
  for (f = 0; f < h->face_count; f++) {
    int a = h->face_first[f];
    n = h->face_first[f + 1] - a;
    for (i = 0; i < n; i++) {
      int p = h->ring[a + i], q = h->ring[a + (i + 1) % n], lo = p < q ? p : q;
      int hi = p < q ? q : p;
      for (k = w->e_head[lo]; k >= 0 && h->edges[2 * (size_t)k + 1] != hi; k = w->e_next[k]) {}
      if (k >= 0) ef[2 * (size_t)k + (p > q)] = f;
    }
  }
  /* the face normals without repeats up to sign (a flat hull: its normal,
     then its side normals n x e, the faces of the thin prism it is the
     limit of) */
  for (i = 0; i < AXSLOTS; i++) w->slot[i] = -1;
  n = 0;
  if (h->flat) {
    /* (its second face is its first turned over: its normal is that one
       negated but for the rounding of Newell's sum, and the first one's
       axis stands for both) */
    fx[0] = axis_add(w, h->faces[0].normal, af, &n);
    fx[1] = fx[0] ^ 1;
    for (k = 0; k < h->edge_count; k++)
      (void)axis_add(w, v_cross(h->faces[0].normal,
                                v_sub(v[h->edges[2 * (size_t)k + 1]], v[h->edges[2 * (size_t)k]])),
                     af, &n);
  } else {
    for (f = 0; f < h->face_count; f++) fx[f] = axis_add(w, h->faces[f].normal, af, &n);
  }
  h->axis_face_count = n;
  /* the hull's extent along each (what a sweep's support along the
     axis turned is, but for the rounding of the turn) */
  for (f = 0; f < n; f++) {
    double lo = v_dot(v[0], af[f]), hi = lo;
    for (i = 1; i < h->vertex_count; i++) {
      double t = v_dot(v[i], af[f]);
      lo = dmin(lo, t);
      hi = dmax(hi, t);
    }
    ar[2 * (size_t)f] = lo;
    ar[2 * (size_t)f + 1] = hi;
  }
  /* the edge directions likewise (a flat hull: its normal last) */
  for (i = 0; i < AXSLOTS; i++) w->slot[i] = -1;
  n = 0;
  for (k = 0; k < h->edge_count; k++)
    (void)axis_add(w, v_sub(v[h->edges[2 * (size_t)k + 1]], v[h->edges[2 * (size_t)k]]), ae, &n);
  if (h->flat) (void)axis_add(w, h->faces[0].normal, ae, &n);
  h->axis_edge_count = n;
  /* a box about the frame's origin: the corners (+-e.x, +-e.y, +-e.z),
     each sign pattern once */
  h->box = 0;
  h->box_extents = v3(0, 0, 0);
  if (h->vertex_count == 8 && !h->flat && h->face_count == 6) {
    vec3 e = v3(fabs(v[0].x), fabs(v[0].y), fabs(v[0].z));
    unsigned seen = 0;
    for (i = 0; i < 8; i++) {
      if (fabs(v[i].x) != e.x || fabs(v[i].y) != e.y || fabs(v[i].z) != e.z) break;
      seen |= 1u << ((v[i].x > 0) * 4 + (v[i].y > 0) * 2 + (v[i].z > 0));
    }
    if (i == 8 && seen == 0xffu) {
      h->box = 1;
      h->box_extents = e;
    }
  }
}

static int write_hull(work *w, const collide_vec3 *pts, int flat, void *block,
                      int cap) {
  int i, f, nv = 0, ne = 0, nr = w->face_first[w->nf], need;
  size_t off[10];
  for (i = 0; i < w->m; i++) w->vid[i] = -1;
  for (i = 0; i < nr; i++) w->vid[w->ring[i]] = 0;
  for (i = 0; i < w->m; i++)
    if (w->vid[i] == 0) w->vid[i] = nv++; else w->vid[i] = -1;
  /* the edges: the ring sides p -> q with p < q (each edge is a side of
     two rings, once each way: nr / 2 of them; counted, not assumed) */
  for (f = 0; f < w->nf; f++) {
    int a = w->face_first[f], n = w->face_first[f + 1] - a;
    for (i = 0; i < n; i++)
      ne += w->vid[w->ring[a + i]] < w->vid[w->ring[a + (i + 1) % n]];
  }
  need = block_size(nv, w->nf, nr, ne, flat, off);
  ne = 0;
  if (block != NULL && cap >= need) {
    char *base = (char *)block;
    collide_convex *h = (collide_convex *)block;
    collide_vec3 *vs = (collide_vec3 *)(base + off[0]);
    collide_plane *fs = (collide_plane *)(base + off[1]);
    int *ff = (int *)(base + off[4]), *rg = (int *)(base + off[5]);
    int *es = (int *)(base + off[6]);
    /* The radius, measured on the corners scaled by 2^-x, where 2^x is
       just above their largest coordinate (exact: a power of two), so
       that no squared length underflows (a hull of 1e-200 had radius 0,
       one of 1e-160 lost 6e-6 of it, and the world's box of a spinning
       hull, the ball of that radius, missed its corners) nor overflows;
       sqrt(r2) 2^x is then within an ulp of the true distance. */
    double r2 = 0, big = 0;
    int x;
    for (i = 0; i < w->m; i++)
      if (w->vid[i] >= 0) {
        const collide_vec3 *v = &pts[w->src[i]];
        vs[w->vid[i]] = *v;
        big = dmax(big, dmax(fabs(v->x), dmax(fabs(v->y), fabs(v->z))));
      }
    (void)frexp(big, &x);
    for (i = 0; i < w->m; i++)
      if (w->vid[i] >= 0) r2 = dmax(r2, v_len2(v_ldexp(pts[w->src[i]], -x)));
    for (f = 0; f <= w->nf; f++) ff[f] = w->face_first[f];
    for (i = 0; i < nr; i++) rg[i] = w->vid[w->ring[i]];
    for (f = 0; f < w->nf; f++) {
      int a = ff[f], n = ff[f + 1] - a;
      fs[f] = ring_plane(pts, w->p, w->src, &w->ring[a], n);
      for (i = 0; i < n; i++) {
        int p = rg[a + i], q = rg[a + (i + 1) % n];
        if (p < q) {
          es[2 * (size_t)ne] = p;
          es[2 * (size_t)ne + 1] = q;
          ne++;
        }
      }
    }
    h->vertex_count = nv;
    h->face_count = w->nf;
    h->edge_count = ne;
    h->flat = flat;
    h->vertices = vs;
    h->faces = fs;
    h->face_first = ff;
    h->ring = rg;
    h->edges = es;
    h->radius = ldexp(sqrt(r2), x);
    h->axis_faces = (collide_vec3 *)(base + off[2]);
    h->axis_edges = (collide_vec3 *)(base + off[3]);
    h->face_axis = (int *)(base + off[7]);
    h->edge_faces = (int *)(base + off[8]);
    h->axis_face_range = (double *)(void *)(base + off[9]);
    write_axes(w, h, (collide_vec3 *)(base + off[2]), (collide_vec3 *)(base + off[3]),
               (int *)(base + off[7]), (int *)(base + off[8]), (double *)(void *)(base + off[9]));
  }
  return need;
}

/* ---- entry points -------------------------------------------------------------- */

int collide_convex_init(const collide_vec3 *points, int n, void *block,
                        int cap) {
  work *w;
  int i, j, i2 = -1, i3 = -1, e, code;
  double big = 0;
  if (n < 3) return COLLIDE_FAIL(1, COLLIDE_E_FEW_POINTS);
  if (n > MAXP) return COLLIDE_FAIL(1, COLLIDE_E_TOO_MANY_POINTS);
  for (i = 0; i < n; i++) {
    int reason = collide_check_vec3(&points[i]);
    if (reason != 0) return COLLIDE_FAIL(1, reason);
    big = dmax(big, dmax(fabs(points[i].x), dmax(fabs(points[i].y),
                                                 fabs(points[i].z))));
  }
  if (!(big > 0)) return COLLIDE_FAIL(1, COLLIDE_E_POINTS_ON_LINE);
  w = (work *)malloc(sizeof *w);
  if (w == NULL) return COLLIDE_FAIL(0, COLLIDE_E_NOMEM);
  /* step 1: distinct points, scaled by 2^e to a largest coordinate in
     [1/2, 1) (big = f 2^x with f in [1/2, 1): e = -x) */
  (void)frexp(big, &e);
  e = -e;
  w->m = 0;
  for (i = 0; i < n; i++) {
    /* scaled, and a coordinate below 2^-300 of the largest taken as 0:
       the predicates' products of three coordinates then stay above
       2^-969, where they are exact (collide_predicates.c); one below,
       rounded, could make two decisions disagree and the faces not close
       (fuzz: a coordinate of 1e-308 beside 10). Repeats: of these. */
    vec3 q = v_ldexp(points[i], e);
    if (fabs(q.x) < 0x1p-300) q.x = 0;
    if (fabs(q.y) < 0x1p-300) q.y = 0;
    if (fabs(q.z) < 0x1p-300) q.z = 0;
    for (j = 0; j < w->m; j++)
      if (w->p[j].x == q.x && w->p[j].y == q.y && w->p[j].z == q.z) break;
    if (j < w->m) continue;
    w->p[w->m] = q;
    w->src[w->m] = i;
    w->m++;
  }
  w->nt = w->nfree = 0;
  /* step 2 (point 0 and point 1 are distinct) */
  for (i = 2; i < w->m && i2 < 0; i++)
    if (!collinear3(w, 0, 1, i)) i2 = i;
  if (i2 < 0) {
    free(w);
    return COLLIDE_FAIL(1, COLLIDE_E_POINTS_ON_LINE);
  }
  for (i = 2; i < w->m && i3 < 0; i++)
    if (i != i2 && orient3(w, 0, 1, i2, i) != 0) i3 = i;
  if (i3 < 0) {
    faces_flat(w, 0, 1, i2);
    code = write_hull(w, points, 1, block, cap);
  } else {
    tetrahedron(w, 0, 1, i2, i3);
    for (i = 2; i < w->m; i++)
      if (i != i2 && i != i3) add_point(w, i);
    faces_3d(w);
    code = write_hull(w, points, 0, block, cap);
  }
  free(w);
  return code;
}

int collide_convex_box_init(const collide_vec3 *e, void *block, int cap) {
  collide_vec3 c[8];
  int i, reason = collide_check_vec3(e);
  if (reason != 0) return COLLIDE_FAIL(1, reason);
  if (e->x < 0 || e->y < 0 || e->z < 0)
    return COLLIDE_FAIL(1, COLLIDE_E_NEG_EXTENT);
  for (i = 0; i < 8; i++) {
    c[i].x = (i & 4) ? e->x : -e->x;
    c[i].y = (i & 2) ? e->y : -e->y;
    c[i].z = (i & 1) ? e->z : -e->z;
  }
  return collide_convex_init(c, 8, block, cap);
}

int collide_convex_copy(const collide_convex *A, void *block, int cap) {
  size_t off[10];
  int nv = A->vertex_count, nf = A->face_count, ne = A->edge_count;
  int nr = A->face_first[nf];
  int need = block_size(nv, nf, nr, ne, A->flat, off);
  if (block != NULL && cap >= need && (const void *)A != block) {
    char *base = (char *)block;
    collide_convex *h = (collide_convex *)block;
    collide_vec3 *vs = (collide_vec3 *)(base + off[0]);
    collide_plane *fs = (collide_plane *)(base + off[1]);
    collide_vec3 *af = (collide_vec3 *)(base + off[2]);
    collide_vec3 *ae = (collide_vec3 *)(base + off[3]);
    int *ff = (int *)(base + off[4]), *rg = (int *)(base + off[5]);
    int *es = (int *)(base + off[6]), *fx = (int *)(base + off[7]);
    int *ef = (int *)(base + off[8]);
    double *ar = (double *)(void *)(base + off[9]);
    memcpy(vs, A->vertices, (size_t)nv * sizeof *vs);
    memcpy(ar, A->axis_face_range, (size_t)A->axis_face_count * 2 * sizeof *ar);
    memcpy(fs, A->faces, (size_t)nf * sizeof *fs);
    memcpy(af, A->axis_faces, (size_t)A->axis_face_count * sizeof *af);
    memcpy(ae, A->axis_edges, (size_t)A->axis_edge_count * sizeof *ae);
    memcpy(ff, A->face_first, (size_t)(nf + 1) * sizeof *ff);
    memcpy(rg, A->ring, (size_t)nr * sizeof *rg);
    memcpy(es, A->edges, (size_t)ne * 2 * sizeof *es);
    memcpy(fx, A->face_axis, (size_t)nf * sizeof *fx);
    memcpy(ef, A->edge_faces, (size_t)ne * 2 * sizeof *ef);
    h->axis_face_count = A->axis_face_count;
    h->axis_edge_count = A->axis_edge_count;
    h->box = A->box;
    h->box_extents = A->box_extents;
    h->axis_faces = af;
    h->axis_edges = ae;
    h->face_axis = fx;
    h->edge_faces = ef;
    h->axis_face_range = ar;
    h->vertex_count = nv;
    h->face_count = nf;
    h->edge_count = ne;
    h->flat = A->flat;
    h->vertices = vs;
    h->faces = fs;
    h->face_first = ff;
    h->ring = rg;
    h->edges = es;
    h->radius = A->radius;
  }
  return need;
}

/* ---- rotations ------------------------------------------------------------------ */

/* The matrix of collide_convex.c's rot_make, by the same operations in the
   same order (so the world's boxes, rays and depths turn a hull exactly as
   the sweep kernels do): an angle t about z gives the rows (cos t, -sin t,
   0), (sin t, cos t, 0), (0, 0, 1); a quaternion, normalized when its
   squared norm is not exactly 1, the usual matrix (Shoemake, "Animating
   rotation with quaternion curves", SIGGRAPH 1985). 0, or the reason the
   rotation is refused (a bad number; not unit to 1e-6). */
int collide__rotation_matrix(const collide_rotation *q, collide_vec3 R[3]) {
  if (q->is_angle) {
    double c, s;
    int e = collide_check_number(q->angle);
    if (e) return e;
    collide__angle_cos_sin(q->angle, &c, &s);
    R[0] = v3(c, -s, 0);
    R[1] = v3(s, c, 0);
    R[2] = v3(0, 0, 1);
  } else {
    double w = q->w, x = q->x, y = q->y, z = q->z, n2, k;
    int e;
    if ((e = collide_check_number(w)) != 0) return e;
    if ((e = collide_check_number(x)) != 0) return e;
    if ((e = collide_check_number(y)) != 0) return e;
    if ((e = collide_check_number(z)) != 0) return e;
    n2 = w * w + x * x + y * y + z * z;
    if (!(fabs(n2 - 1) <= 1e-6)) return COLLIDE_E_NOT_UNIT_ROTATION;
    if (n2 != 1) {
      k = 1 / sqrt(n2);
      w *= k; x *= k; y *= k; z *= k;
    }
    R[0] = v3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y));
    R[1] = v3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x));
    R[2] = v3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y));
  }
  return 0;
}
