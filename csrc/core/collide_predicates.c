/*
 * collide_predicates.c -- exact orientation predicates: the sign of a 2x2
 * or 3x3 orientation determinant, exactly, for double coordinates.
 *
 * Each predicate first evaluates the determinant in floating point and
 * accepts its sign when the value clears Shewchuk's forward error bound
 * (J. R. Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast
 * Robust Geometric Predicates", Discrete & Computational Geometry 18, 1997,
 * section 4: ccwerrboundA and o3derrboundA); only a value inside the bound
 * (points nearly or exactly collinear / coplanar) is recomputed exactly:
 * the determinant expanded into products of input coordinates, each
 * product made exact as a sum of doubles with fused multiply-adds (the
 * error of a rounded product x*y is the double fma(x, y, -x*y): Ogita,
 * Rump, Oishi, "Accurate sum and dot product", SIAM J. Sci. Comput. 26,
 * 2005, TwoProductFMA), the terms summed exactly into a nonoverlapping
 * expansion (Shewchuk's Grow-Expansion with zero elimination, Theorem 10
 * and section 2.8), whose sign is that of its largest component.
 *
 * Exact as long as no product underflows: for orient2d every nonzero
 * product of two coordinates above 2^-969 (about 1e-292), for orient3d every
 * nonzero product of three above 2^-969. The hull builder (collide_hull.c)
 * scales its points by a power of two to a largest coordinate in [1/2, 1)
 * first, which changes no sign and keeps coordinates down to 2^-300 of the
 * largest one exact.
 *
 * collide__cross2d: the same exact expansion of orient2d's determinant,
 * summed into a double (the hull's face normal of a sliver).
 *
 * These are the primitives layer's: no kernel family's code is used here.
 * (collide_outline.c has a static orient2 of the same construction without
 * the filter; it can call collide__orient2d instead.)
 */
#include "collide_prims.h"

/* eps = 2^-53, half an ulp of 1 (Shewchuk's "epsilon" for IEEE doubles). */
#define EPS 0x1p-53
/* Shewchuk 1997, section 4.2 (orient2d) and 4.3 (orient3d): the error of
   the floating-point evaluation is at most these factors times the
   permanent (the same expression with every product's magnitude). */
#define CCW_ERRBOUND_A ((3.0 + 16.0 * EPS) * EPS)
#define O3D_ERRBOUND_A ((7.0 + 56.0 * EPS) * EPS)

/* a + b = *x + *y exactly, *x the rounded sum (Knuth's Two-Sum; Shewchuk
   1997, Theorem 7). */
static void two_sum(double a, double b, double *x, double *y) {
  double s = a + b, bv = s - a, av = s - bv;
  *x = s;
  *y = (a - av) + (b - bv);
}

/* e[0 .. n) + b into e (zero components dropped); e nonoverlapping, in
   increasing magnitude, before and after (Shewchuk 1997, Grow-Expansion,
   Theorem 10; zero elimination keeps both properties). Returns the new
   length, at most n + 1. */
static int grow(double *e, int n, double b) {
  int i, m = 0;
  for (i = 0; i < n; i++) {
    double q;
    two_sum(b, e[i], &b, &q);
    if (q != 0) e[m++] = q;
  }
  if (b != 0) e[m++] = b;
  return m;
}

/* The sign of an expansion: that of its last (largest) component. */
static int expansion_sign(const double *e, int n) {
  if (n == 0) return 0;
  return e[n - 1] > 0 ? 1 : -1;
}

/* x*y added to e exactly: p = x*y rounded, q = fma(x, y, -p) its error. */
static int grow_product(double *e, int n, double x, double y) {
  double p = x * y, q = collide_fma(x, y, -p);
  n = grow(e, n, q);
  return grow(e, n, p);
}

/* x*y*z added to e exactly: x*y = p + q, then p*z and q*z each as two. */
static int grow_product3(double *e, int n, double x, double y, double z) {
  double p = x * y, q = collide_fma(x, y, -p);
  n = grow_product(e, n, q, z);
  return grow_product(e, n, p, z);
}

int collide__orient2d(double ax, double ay, double bx, double by,
                      double cx, double cy) {
  /* Shewchuk's orient2d: det [a - c; b - c], positive when a, b, c turn
     counter-clockwise, the same sign as (b - a) x (c - a). */
  double detleft = (ax - cx) * (by - cy), detright = (ay - cy) * (bx - cx);
  double det = detleft - detright;
  double bound = CCW_ERRBOUND_A * (fabs(detleft) + fabs(detright));
  double e[12];
  int n = 0;
  if (det > bound) return 1;
  if (-det > bound) return -1;
  /* Exactly: (b - a) x (c - a) = bx cy - bx ay - ax cy - by cx + by ax
     + ay cx, six products of input coordinates. */
  n = grow_product(e, n, bx, cy);
  n = grow_product(e, n, -bx, ay);
  n = grow_product(e, n, -ax, cy);
  n = grow_product(e, n, -by, cx);
  n = grow_product(e, n, by, ax);
  n = grow_product(e, n, ay, cx);
  return expansion_sign(e, n);
}

double collide__cross2d(double ax, double ay, double bx, double by,
                        double cx, double cy) {
  /* the six products of collide__orient2d's exact stage; the expansion
     is nonoverlapping and in increasing magnitude, so its components
     summed from the smallest give the exact value rounded, to within an
     ulp or two (Shewchuk 1997, section 2.8: the approximation by
     summing an expansion) */
  double e[12], s = 0;
  int n = 0, i;
  n = grow_product(e, n, bx, cy);
  n = grow_product(e, n, -bx, ay);
  n = grow_product(e, n, -ax, cy);
  n = grow_product(e, n, -by, cx);
  n = grow_product(e, n, by, ax);
  n = grow_product(e, n, ay, cx);
  for (i = 0; i < n; i++) s += e[i];
  return s;
}

/* det [p; q; r] (rows) added to e with sign s (+1 or -1), exactly:
   px (qy rz - qz ry) - py (qx rz - qz rx) + pz (qx ry - qy rx). */
static int grow_det3(double *e, int n, double s, const vec3 *p, const vec3 *q,
                     const vec3 *r) {
  n = grow_product3(e, n, s * p->x, q->y, r->z);
  n = grow_product3(e, n, -s * p->x, q->z, r->y);
  n = grow_product3(e, n, -s * p->y, q->x, r->z);
  n = grow_product3(e, n, s * p->y, q->z, r->x);
  n = grow_product3(e, n, s * p->z, q->x, r->y);
  n = grow_product3(e, n, -s * p->z, q->y, r->x);
  return n;
}

int collide__orient3d(const vec3 *a, const vec3 *b, const vec3 *c,
                      const vec3 *d) {
  /* The filter is Shewchuk's orient3d(a, b, c, d) = det [a - d; b - d;
     c - d], which is -(b - a) x (c - a) . (d - a): so its sign is
     negated. */
  double adx = a->x - d->x, bdx = b->x - d->x, cdx = c->x - d->x;
  double ady = a->y - d->y, bdy = b->y - d->y, cdy = c->y - d->y;
  double adz = a->z - d->z, bdz = b->z - d->z, cdz = c->z - d->z;
  double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
  double cdxady = cdx * ady, adxcdy = adx * cdy;
  double adxbdy = adx * bdy, bdxady = bdx * ady;
  double det = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) +
               cdz * (adxbdy - bdxady);
  double permanent = (fabs(bdxcdy) + fabs(cdxbdy)) * fabs(adz) +
                     (fabs(cdxady) + fabs(adxcdy)) * fabs(bdz) +
                     (fabs(adxbdy) + fabs(bdxady)) * fabs(cdz);
  double bound = O3D_ERRBOUND_A * permanent;
  /* 24 products of three coordinates, each 4 doubles: at most 96 */
  double e[97];
  int n = 0;
  if (det > bound) return -1;
  if (-det > bound) return 1;
  /* Exactly: the 4x4 determinant with rows (p, 1) for a, b, c, d,
     expanded along its column of ones, is -det [b-a; c-a; d-a] (subtract
     row a from the others); that expansion gives
     (b - a) x (c - a) . (d - a) = det[b;c;d] - det[a;c;d] + det[a;b;d]
     - det[a;b;c], each of six triple products of input coordinates. */
  n = grow_det3(e, n, 1, b, c, d);
  n = grow_det3(e, n, -1, a, c, d);
  n = grow_det3(e, n, 1, a, b, d);
  n = grow_det3(e, n, -1, a, b, c);
  return expansion_sign(e, n);
}
