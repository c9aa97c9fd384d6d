/*
 * collide.h -- the C core of collide: swept (continuous) collision tests.
 *
 * C99, no Lua, no global state, no allocation except inside a world and
 * collide_polygon_init's scratch for a polygon of more than 64 vertices
 * (taken and freed in the call).
 * Every shape is a value type of doubles, passed by const pointer; every
 * result is written into a caller-owned struct.
 *
 * Return convention of every checked entry point:
 *   1   contact (the out struct is filled)
 *   0   no contact during the step (the out struct is zeroed)
 *  <0   a rejected argument: -(arg * 256 + reason), where arg is the 1-based
 *       position of the argument in the Lua call (see each function) and
 *       reason is one of the COLLIDE_E_* codes; collide_error_arg() and
 *       collide_error_message() decode it. Both the Lua C-API binding and the
 *       LuaJIT FFI binding turn it into the same Lua error, so the checks and
 *       their messages live here and only here.
 *
 * The declarations between the two COLLIDE_CDEF markers below contain no
 * preprocessor lines: the build copies them verbatim into
 * lua/collide/cdef.lua for LuaJIT's ffi.cdef.
 */
#ifndef COLLIDE_H
#define COLLIDE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && !defined(_WIN32)
#pragma GCC visibility push(default)
#endif

/* COLLIDE_CDEF_BEGIN */
typedef struct collide_vec3 { double x, y, z; } collide_vec3;

/* The plane n.p + d = 0 with |n| = 1. */
typedef struct collide_plane { collide_vec3 normal; double d; } collide_plane;

/* A planar convex polygon. Vertices are owned by the caller and must stay
   alive and unchanged while the polygon is used; collide_polygon_init
   validates them and fills the rest. plane.normal follows the winding
   (right-hand rule), either winding is accepted. */
typedef struct collide_polygon {
  collide_plane plane;
  int count;
  const collide_vec3 *vertices;
} collide_polygon;

/* What a contact touched first. */
enum {
  COLLIDE_FEATURE_NONE = 0,
  COLLIDE_FEATURE_FACE = 1,
  COLLIDE_FEATURE_EDGE = 2,
  COLLIDE_FEATURE_VERTEX = 3
};

/* First contact of a sweep or a ray cast. */
typedef struct collide_hit {
  double u;              /* first moment of contact, in [0, 1] */
  collide_vec3 point;    /* the obstacle's point touched first */
  collide_vec3 normal;   /* unit, from point toward the mover */
  int feature;           /* COLLIDE_FEATURE_* */
} collide_hit;

/* Contact interval of two moving shapes. */
typedef struct collide_interval {
  double u0, u1;         /* first and last moment of contact, 0 <= u0 <= u1 <= 1 */
  collide_vec3 normal;   /* sweep_aabb_aabb: axis of first contact, from B toward A */
} collide_interval;

/* Reasons an argument is rejected. */
enum {
  COLLIDE_E_NAN = 1,            /* "number is NaN" */
  COLLIDE_E_INF = 2,            /* "number is infinite" */
  COLLIDE_E_VEC_NAN = 3,        /* "vec3 has a NaN component" */
  COLLIDE_E_VEC_INF = 4,        /* "vec3 has an infinite component" */
  COLLIDE_E_RANGE = 5,          /* "number too large (limit 1e+50)" */
  COLLIDE_E_VEC_RANGE = 6,      /* "vec3 component too large (limit 1e+50)" */
  COLLIDE_E_NEG_RADIUS = 7,     /* "negative radius" */
  COLLIDE_E_NEG_EXTENT = 8,     /* "negative extent" */
  COLLIDE_E_ZERO_NORMAL = 9,    /* "zero-length normal" */
  COLLIDE_E_COLLINEAR = 10,     /* "points are collinear" */
  COLLIDE_E_FEW_VERTICES = 11,  /* "polygon needs at least 3 vertices" */
  COLLIDE_E_REPEATED = 12,      /* "polygon has repeated vertices" */
  COLLIDE_E_POLY_COLLINEAR = 13,/* "polygon vertices are collinear" */
  COLLIDE_E_NOT_PLANAR = 14,    /* "polygon is not planar" */
  COLLIDE_E_NOT_CONVEX = 15,    /* "polygon is not convex" */
  COLLIDE_E_BAD_PLANE = 16,     /* "invalid plane" */
  COLLIDE_E_DEGENERATE_TRIANGLE = 17, /* "degenerate triangle" */
  COLLIDE_E_NEG_RESTITUTION = 18,     /* "negative restitution" */
  COLLIDE_E_BAD_ITERATIONS = 19,      /* "max_iterations must be at least 1" */
  COLLIDE_E_BAD_SLOPE = 20,           /* "max_slope must be in [0, pi]" */
  COLLIDE_E_NOMEM = 21,               /* "not enough memory" (arg 0) */
  COLLIDE_E_LOCKED = 22,              /* "world is locked during a query" (arg 0) */
  /* world, continued (collide_world.c) */
  COLLIDE_E_BAD_LAYERS = 23,          /* "layer bits must be an integer in [0, 2^31)" */
  COLLIDE_E_BAD_MASK = 24,            /* "mask must be an integer in [0, 2^31)" */
  COLLIDE_E_BAD_INDEX = 25,           /* "index out of range" */
  /* mover options (collide_mover.c) */
  COLLIDE_E_NEG_STEP = 26,            /* "negative step_height" */
  COLLIDE_E_NEG_SNAP = 27,            /* "negative snap" */
  /* w:move_shape (collide_mover.c) */
  COLLIDE_E_NOT_MOVABLE = 28,         /* "shape cannot move: only sphere,
                                         aabb, capsule and convex shapes can" */
  /* limits (issue 27) */
  COLLIDE_E_TOO_MANY_PAIRS = 29,      /* "more than 33554432 pairs" */
  COLLIDE_E_TOO_MANY_VERTICES = 30,   /* "polygon has more than 65536 vertices" */
  /* mover options, continued (issue 26: push-out, one-way shapes) */
  COLLIDE_E_NEG_PUSH = 31,            /* "negative max_push" */
  COLLIDE_E_ONEWAY_UP = 32,           /* "'oneway' needs options.up" */
  /* helpers (issue 31) */
  COLLIDE_E_NOT_UNIT = 33,            /* "normal is not unit length (normalize it)" */
  /* tile maps and outlines (issue 29) */
  COLLIDE_E_SELF_CROSSING = 34,       /* "outline crosses itself" */
  COLLIDE_E_TILE_SIZE = 35,           /* "tile size must be positive" */
  /* convex shapes */
  COLLIDE_E_FEW_POINTS = 36,          /* "convex needs at least 3 points" */
  COLLIDE_E_TOO_MANY_POINTS = 37,     /* "convex has more than 256 points" */
  COLLIDE_E_POINTS_ON_LINE = 38,      /* "points are all on one line" */
  COLLIDE_E_NOT_UNIT_ROTATION = 39,   /* "rotation is not a unit quaternion" */
  /* w:set_spin */
  COLLIDE_E_NOT_SPINNABLE = 40,       /* "shape cannot spin: only convex shapes can" */
  COLLIDE_E_SPIN_RANGE = 41,          /* "spin too large (limit 2^22 radians a step)" */
  COLLIDE_E_LAST = 42
};

/* The largest magnitude accepted for any coordinate, radius or extent.
   Bigger inputs would overflow the products the tests form (up to the
   fourth power of a coordinate). Same value as COLLIDE_MAX_COORD. */
double collide_max_coord(void);

/* Decoding a negative return value. */
int collide_error_arg(int code);
int collide_error_reason(int code);
const char *collide_error_message(int code);
/* The message of a COLLIDE_E_* reason, for a binding that checks an
   argument itself (so no binding re-creates the encoding above). */
const char *collide_reason_message(int reason);

/* Name of a COLLIDE_FEATURE_* value: "face", "edge", "vertex" (or "none"). */
const char *collide_feature_name(int feature);

/* Argument checks, as used by every entry point: 0 when fine, else a reason. */
int collide_check_number(double x);
int collide_check_vec3(const collide_vec3 *v);

/* ---- planes -------------------------------------------------------------- */

/* collide.plane(normal, d): normalizes normal and scales d with it.
   Lua arguments: 1 normal, 2 d. */
int collide_plane_make(const collide_vec3 *normal, double d, collide_plane *out);
/* collide.plane_from_point_normal(p, n). Lua arguments: 1 p, 2 n. */
int collide_plane_from_point_normal(const collide_vec3 *p, const collide_vec3 *n,
                                    collide_plane *out);
/* collide.plane_from_points(a, b, c): normal (b-a)x(c-a). Lua arguments 1..3. */
int collide_plane_from_points(const collide_vec3 *a, const collide_vec3 *b,
                              const collide_vec3 *c, collide_plane *out);
/* plane:distance(p), signed. Lua arguments: 1 plane (self), 2 p. */
int collide_plane_distance(const collide_plane *plane, const collide_vec3 *p,
                           double *out);

/* ---- vectors: the vec3 methods and helpers -------------------------------- */

/* Any double is accepted (no value checks); each returns 1. Lua arguments
   in order (a method's self is 1). */
int collide_vec3_dot(const collide_vec3 *a, const collide_vec3 *b, double *out);
int collide_vec3_cross(const collide_vec3 *a, const collide_vec3 *b,
                       collide_vec3 *out);
int collide_vec3_length(const collide_vec3 *a, double *out);
int collide_vec3_length_squared(const collide_vec3 *a, double *out);
/* Unit vector (also for tiny vectors: scaled first); zero stays zero. */
int collide_vec3_normalize(const collide_vec3 *a, collide_vec3 *out);
/* a + (b - a) u */
int collide_vec3_lerp(const collide_vec3 *a, const collide_vec3 *b, double u,
                      collide_vec3 *out);
/* v - 2 (v.n) n and v - (v.n) n. n must be a unit vector: |n.n - 1| at
   most 1e-6, else COLLIDE_E_NOT_UNIT (argument 2); a NaN passes through
   (NaN in, NaN out, as for the other helpers). */
int collide_vec3_reflect(const collide_vec3 *v, const collide_vec3 *n,
                         collide_vec3 *out);
int collide_vec3_slide(const collide_vec3 *v, const collide_vec3 *n,
                       collide_vec3 *out);

/* ---- sweeps -------------------------------------------------------------- */

/* Lua arguments: 1 ra, 2 a0, 3 a1, 4 rb, 5 b0, 6 b1. out: u0, u1 (normal
   zero). */
int collide_sweep_sphere_sphere(double ra, const collide_vec3 *a0,
                                const collide_vec3 *a1, double rb,
                                const collide_vec3 *b0, const collide_vec3 *b1,
                                collide_interval *out);
/* Same answer as collide_sweep_sphere_sphere's return value, no out. */
int collide_test_sphere_sphere(double ra, const collide_vec3 *a0,
                               const collide_vec3 *a1, double rb,
                               const collide_vec3 *b0, const collide_vec3 *b1);
/* Lua arguments: 1 r, 2 c0, 3 c1, 4 plane. Two-sided plane. */
int collide_sweep_sphere_plane(double r, const collide_vec3 *c0,
                               const collide_vec3 *c1,
                               const collide_plane *plane, collide_hit *out);
/* Lua arguments: 1 r, 2 c0, 3 c1, 4 a, 5 b, 6 c. */
int collide_sweep_sphere_triangle(double r, const collide_vec3 *c0,
                                  const collide_vec3 *c1, const collide_vec3 *a,
                                  const collide_vec3 *b, const collide_vec3 *c,
                                  collide_hit *out);
/* Lua arguments: 1 r, 2 c0, 3 c1, 4 polygon. */
int collide_sweep_sphere_polygon(double r, const collide_vec3 *c0,
                                 const collide_vec3 *c1,
                                 const collide_polygon *polygon,
                                 collide_hit *out);
/* Lua arguments: 1 r, 2 c0, 3 c1, 4 a, 5 b. */
int collide_sweep_sphere_segment(double r, const collide_vec3 *c0,
                                 const collide_vec3 *c1, const collide_vec3 *a,
                                 const collide_vec3 *b, collide_hit *out);
/* Lua arguments: 1 r, 2 c0, 3 c1, 4 center, 5 extents. */
int collide_sweep_sphere_aabb(double r, const collide_vec3 *c0,
                              const collide_vec3 *c1,
                              const collide_vec3 *center,
                              const collide_vec3 *extents, collide_hit *out);
/* Lua arguments: 1 ea, 2 a0, 3 a1, 4 eb, 5 b0, 6 b1. */
int collide_sweep_aabb_aabb(const collide_vec3 *ea, const collide_vec3 *a0,
                            const collide_vec3 *a1, const collide_vec3 *eb,
                            const collide_vec3 *b0, const collide_vec3 *b1,
                            collide_interval *out);

/* ---- a moving box (collide_box.c; issue 10) ------------------------------ */
/* The box of half-extents e (zeros allowed) moves from centre c0 to c1
   against a fixed obstacle; out: first contact (point on the obstacle,
   normal from it toward the box, the obstacle's feature). */
/* Lua arguments: 1 e, 2 c0, 3 c1, 4 center, 5 r. */
int collide_sweep_aabb_sphere(const collide_vec3 *e, const collide_vec3 *c0,
                              const collide_vec3 *c1, const collide_vec3 *center,
                              double r, collide_hit *out);
/* Lua arguments: 1 e, 2 c0, 3 c1, 4 plane. Two-sided plane. */
int collide_sweep_aabb_plane(const collide_vec3 *e, const collide_vec3 *c0,
                             const collide_vec3 *c1, const collide_plane *plane,
                             collide_hit *out);
/* Lua arguments: 1 e, 2 c0, 3 c1, 4 a, 5 b, 6 c. */
int collide_sweep_aabb_triangle(const collide_vec3 *e, const collide_vec3 *c0,
                                const collide_vec3 *c1, const collide_vec3 *a,
                                const collide_vec3 *b, const collide_vec3 *c,
                                collide_hit *out);
/* Lua arguments: 1 e, 2 c0, 3 c1, 4 polygon. */
int collide_sweep_aabb_polygon(const collide_vec3 *e, const collide_vec3 *c0,
                               const collide_vec3 *c1,
                               const collide_polygon *polygon, collide_hit *out);
/* Lua arguments: 1 e, 2 c0, 3 c1, 4 a, 5 b. */
int collide_sweep_aabb_segment(const collide_vec3 *e, const collide_vec3 *c0,
                               const collide_vec3 *c1, const collide_vec3 *a,
                               const collide_vec3 *b, collide_hit *out);
/* ---- end of the moving box ------------------------------------------------ */
/* ---- capsule sweeps (collide_capsule.c) ---------------------------------- */
/* A capsule: the points within r of the segment c - axis .. c + axis, its
   centre moving from c0 to c1 without turning. A zero axis is a sphere and
   answers as the sphere query. out as for the sphere sweeps: point on the
   obstacle, normal from it toward the capsule. */
/* Lua arguments: 1 r, 2 axis, 3 c0, 4 c1, 5 center, 6 rb. */
int collide_sweep_capsule_sphere(double r, const collide_vec3 *axis,
                                 const collide_vec3 *c0, const collide_vec3 *c1,
                                 const collide_vec3 *center, double rb,
                                 collide_hit *out);
/* Lua arguments: 1 r, 2 axis, 3 c0, 4 c1, 5 plane. */
int collide_sweep_capsule_plane(double r, const collide_vec3 *axis,
                                const collide_vec3 *c0, const collide_vec3 *c1,
                                const collide_plane *plane, collide_hit *out);
/* Lua arguments: 1 r, 2 axis, 3 c0, 4 c1, 5 a, 6 b, 7 c. */
int collide_sweep_capsule_triangle(double r, const collide_vec3 *axis,
                                   const collide_vec3 *c0,
                                   const collide_vec3 *c1,
                                   const collide_vec3 *a, const collide_vec3 *b,
                                   const collide_vec3 *c, collide_hit *out);
/* Lua arguments: 1 r, 2 axis, 3 c0, 4 c1, 5 polygon. */
int collide_sweep_capsule_polygon(double r, const collide_vec3 *axis,
                                  const collide_vec3 *c0, const collide_vec3 *c1,
                                  const collide_polygon *polygon,
                                  collide_hit *out);
/* Lua arguments: 1 r, 2 axis, 3 c0, 4 c1, 5 a, 6 b. */
int collide_sweep_capsule_segment(double r, const collide_vec3 *axis,
                                  const collide_vec3 *c0, const collide_vec3 *c1,
                                  const collide_vec3 *a, const collide_vec3 *b,
                                  collide_hit *out);
/* Lua arguments: 1 r, 2 axis, 3 c0, 4 c1, 5 center, 6 extents. */
int collide_sweep_capsule_aabb(double r, const collide_vec3 *axis,
                               const collide_vec3 *c0, const collide_vec3 *c1,
                               const collide_vec3 *center,
                               const collide_vec3 *extents, collide_hit *out);
/* Both moving. Lua arguments: 1 ra, 2 axisa, 3 a0, 4 a1, 5 rb, 6 axisb,
   7 b0, 8 b1. out: u0, u1 and the normal from B toward A at u0. */
int collide_sweep_capsule_capsule(double ra, const collide_vec3 *axisa,
                                  const collide_vec3 *a0, const collide_vec3 *a1,
                                  double rb, const collide_vec3 *axisb,
                                  const collide_vec3 *b0, const collide_vec3 *b1,
                                  collide_interval *out);
/* ---- end of capsule sweeps ----------------------------------------------- */

/* ---- ray (segment) casts: u is the fraction from p0 to p1 ---------------- */

/* Lua arguments: 1 p0, 2 p1, 3 center, 4 r. */
int collide_raycast_sphere(const collide_vec3 *p0, const collide_vec3 *p1,
                           const collide_vec3 *center, double r,
                           collide_hit *out);
/* Lua arguments: 1 p0, 2 p1, 3 plane. */
int collide_raycast_plane(const collide_vec3 *p0, const collide_vec3 *p1,
                          const collide_plane *plane, collide_hit *out);
/* Lua arguments: 1 p0, 2 p1, 3 a, 4 b, 5 c. */
int collide_raycast_triangle(const collide_vec3 *p0, const collide_vec3 *p1,
                             const collide_vec3 *a, const collide_vec3 *b,
                             const collide_vec3 *c, collide_hit *out);
/* Lua arguments: 1 p0, 2 p1, 3 polygon. */
int collide_raycast_polygon(const collide_vec3 *p0, const collide_vec3 *p1,
                            const collide_polygon *polygon, collide_hit *out);
/* Lua arguments: 1 p0, 2 p1, 3 center, 4 extents. */
int collide_raycast_aabb(const collide_vec3 *p0, const collide_vec3 *p1,
                         const collide_vec3 *center,
                         const collide_vec3 *extents, collide_hit *out);

/* ---- polygons ------------------------------------------------------------ */

/* Validates count vertices (Lua argument 1, the array) and fills poly.
   The vertices are referenced, not copied. At most 65,536 vertices
   (COLLIDE_E_TOO_MANY_VERTICES); O(count log count), with O(count)
   scratch memory taken and freed for more than 64 vertices
   (COLLIDE_E_NOMEM, argument 0, when there is none). */
int collide_polygon_init(const collide_vec3 *vertices, int count,
                         collide_polygon *poly);
/* count - 1 when the last of the vertices equals the first exactly (a
   closed ring, as editors export it), else count: the bindings validate
   that many (collide.polygon, add_polygon, update). */
int collide_polygon_open_count(const collide_vec3 *vertices, int count);
/* ---- convex shapes (collide_hull.c) ------------------------------------- */

/* A convex hull in its own frame. It lives in one block of memory: this
   struct, then its arrays (collide_convex_init). The vertices are the
   hull's corners only (no point inside, on a face or inside an edge); a
   face is a plane with its outward unit normal (n.p + d <= 0 inside, = 0 on
   the face) and its corners, counter-clockwise seen from outside: vertex
   indices ring[face_first[f] .. face_first[f + 1]). A flat hull (every
   point in one plane: a convex polygon; with every z = 0, normal +z) has
   two faces, normal n and -n, over the same corners. Edge k joins
   vertices edges[2k] and edges[2k + 1]. radius is the largest |vertex|:
   the hull lies in the ball of that radius about its frame's origin.
   The rest is what the sweeps test, listed once when the hull is built
   (so that no call lists it): axis_faces, the face normals without
   repeats up to sign (a flat hull: its normal, then its side normals
   n x (edge k's direction)); axis_edges, the edge directions (vertex
   edges[2k + 1] - vertex edges[2k]) without repeats up to sign (a flat
   hull: its normal after them); face_axis[f], face f's normal as
   axis_faces[face_axis[f] / 2], negated when face_axis[f] is odd (a
   flat hull's second face: its first's axis, negated);
   edge_faces[2k] and [2k + 1], the faces beside edge k (the one whose
   ring runs edges[2k] -> edges[2k + 1] first); axis_face_range[2i] and
   [2i + 1], the least and greatest v . axis_faces[i] over the vertices v
   (the hull's extent along that axis); box 1 when the corners are
   the 8 points (+-box_extents.x, +-box_extents.y, +-box_extents.z). At
   most 2 (edge_count + 1) vectors, 2 (edge_count + 1) doubles and
   face_count + 2 edge_count ints more than the hull itself (for 256
   points, under 60 KB). */
typedef struct collide_convex {
  int vertex_count, face_count, edge_count, flat;
  const collide_vec3 *vertices;
  const collide_plane *faces;
  const int *face_first;
  const int *ring;
  const int *edges;
  double radius;
  int axis_face_count, axis_edge_count, box;
  const collide_vec3 *axis_faces;
  const collide_vec3 *axis_edges;
  const int *face_axis;
  const int *edge_faces;
  const double *axis_face_range;
  collide_vec3 box_extents;
} collide_convex;

/* collide.convex(points): the convex hull of points[0 .. n) (Lua argument
   1, the array), built with exact orientation predicates: repeated,
   coplanar and collinear points are handled, and the corners, faces and
   edges are those of the exact hull of the given doubles. It is written
   into block (cap bytes, aligned for doubles): a collide_convex, then its
   arrays. Returns the number of bytes the hull takes; block is written
   only when cap is at least that, so a binding calls once with cap 0 and
   again with a block of the size returned. Errors (argument 1): fewer than
   3 points COLLIDE_E_FEW_POINTS, more than 256 COLLIDE_E_TOO_MANY_POINTS
   (both before any point is read), a NaN, infinite or too large coordinate
   (COLLIDE_E_VEC_*), every point on one line (or all the same)
   COLLIDE_E_POINTS_ON_LINE; scratch memory is taken and freed in the call
   (COLLIDE_E_NOMEM, argument 0). */
int collide_convex_init(const collide_vec3 *points, int n, void *block,
                        int cap);
/* collide.convex_box(e): the box of half-extents e about the frame's
   origin, as collide_convex_init (8 corners, 6 faces, 12 edges; a zero
   extent gives a flat rectangle, two a line: COLLIDE_E_POINTS_ON_LINE).
   Lua argument 1 e (COLLIDE_E_NEG_EXTENT for a negative component). */
int collide_convex_box_init(const collide_vec3 *e, void *block, int cap);
/* A copy of the hull A (made by collide_convex_init) into block (cap
   bytes, aligned for doubles), its arrays pointing into the copy: returns
   the number of bytes the copy takes, and writes block only when cap is
   at least that (as collide_convex_init). The world keeps its shapes'
   hulls so, and w:get gives a new convex object with them. */
int collide_convex_copy(const collide_convex *A, void *block, int cap);

/* A rotation as a binding passes it: an angle in radians about +z (a 2D
   turn: is_angle 1) or a quaternion w + xi + yj + zk (is_angle 0), which
   must be unit to 1e-6 (|w^2 + x^2 + y^2 + z^2 - 1| <= 1e-6, else
   COLLIDE_E_NOT_UNIT_ROTATION); it is normalized before use. */
typedef struct collide_rotation {
  int is_angle;
  double angle, w, x, y, z;
} collide_rotation;

/* ---- convex sweeps (collide_convex.c) ----------------------------------- */
/* Shape A, turned by rot, its frame's origin moving from c0 to c1 (the
   turn fixed during the step), against a fixed obstacle: the first u in
   [0, 1] at which they touch, exact to rounding; out as every sweep's:
   point on the obstacle, normal from the obstacle toward A (at u = 0 the
   direction of the shortest translation that separates them), feature of
   the obstacle. Lua arguments: 1 A, 2 rot, 3 c0, 4 c1, then the
   obstacle's. */
int collide_sweep_convex_plane(const collide_convex *A,
                               const collide_rotation *rot,
                               const collide_vec3 *c0, const collide_vec3 *c1,
                               const collide_plane *plane, collide_hit *out);
/* 5 a, 6 b, 7 c */
int collide_sweep_convex_triangle(const collide_convex *A,
                                  const collide_rotation *rot,
                                  const collide_vec3 *c0,
                                  const collide_vec3 *c1,
                                  const collide_vec3 *a, const collide_vec3 *b,
                                  const collide_vec3 *c, collide_hit *out);
/* 5 polygon */
int collide_sweep_convex_polygon(const collide_convex *A,
                                 const collide_rotation *rot,
                                 const collide_vec3 *c0, const collide_vec3 *c1,
                                 const collide_polygon *polygon,
                                 collide_hit *out);
/* 5 a, 6 b */
int collide_sweep_convex_segment(const collide_convex *A,
                                 const collide_rotation *rot,
                                 const collide_vec3 *c0, const collide_vec3 *c1,
                                 const collide_vec3 *a, const collide_vec3 *b,
                                 collide_hit *out);
/* 5 center, 6 e (half-extents) */
int collide_sweep_convex_aabb(const collide_convex *A,
                              const collide_rotation *rot,
                              const collide_vec3 *c0, const collide_vec3 *c1,
                              const collide_vec3 *center, const collide_vec3 *e,
                              collide_hit *out);
/* 5 center, 6 r: a sphere (its surface is all "face") */
int collide_sweep_convex_sphere(const collide_convex *A,
                                const collide_rotation *rot,
                                const collide_vec3 *c0, const collide_vec3 *c1,
                                const collide_vec3 *center, double r,
                                collide_hit *out);
/* 5 a, 6 b, 7 r: the capsule of radius r about the segment a-b */
int collide_sweep_convex_capsule(const collide_convex *A,
                                 const collide_rotation *rot,
                                 const collide_vec3 *c0, const collide_vec3 *c1,
                                 const collide_vec3 *a, const collide_vec3 *b,
                                 double r, collide_hit *out);
/* 1 A, 2 rotA, 3 a0, 4 a1, 5 B, 6 rotB, 7 b (B's frame's origin) */
int collide_sweep_convex_convex(const collide_convex *A,
                                const collide_rotation *rotA,
                                const collide_vec3 *a0, const collide_vec3 *a1,
                                const collide_convex *B,
                                const collide_rotation *rotB,
                                const collide_vec3 *b, collide_hit *out);

/* ---- turning sweep (collide_turning.c) ---------------------------------- */
/* Shape A turning from rot0 to rot1 (the shortest arc, at a constant rate:
   two angles by their difference taken into [-pi, pi]) while its frame's
   origin moves from a0 to a1, against convex shape B turned by rotB at b,
   fixed: conservative advancement. u is never later than the first
   contact, and A is then at most 1e-9 of the motion's size (|a1 - a0| +
   the turn's angle times A's radius) from B, a few units of rounding more
   for a motion smaller than the coordinates' rounding. No turn: exactly
   collide_sweep_convex_convex; touching at u = 0: its u = 0 answer.
   Lua arguments: 1 A, 2 rot0, 3 rot1, 4 a0, 5 a1, 6 B, 7 rotB, 8 b. */
int collide_sweep_convex_turning(const collide_convex *A,
                                 const collide_rotation *rot0,
                                 const collide_rotation *rot1,
                                 const collide_vec3 *a0, const collide_vec3 *a1,
                                 const collide_convex *B,
                                 const collide_rotation *rotB,
                                 const collide_vec3 *b, collide_hit *out);
/* The segment p0-p1 against the convex shape A turned by rot, its frame's
   origin at position (collide_convex_obstacle.c): the first contact, exact
   to rounding, as collide_raycast_aabb answers for a box (a start inside
   or on the hull: u = 0, the point on the nearest face, the normal out
   through it; a flat hull with p0 in its plane: out across the nearest
   side). Lua arguments: 1 A, 2 rot, 3 position, 4 p0, 5 p1. */
int collide_raycast_convex(const collide_convex *A, const collide_rotation *rot,
                           const collide_vec3 *position, const collide_vec3 *p0,
                           const collide_vec3 *p1, collide_hit *out);

/* ---- world: shapes with a broadphase ------------------------------------ */

/* A set of shapes with a dynamic bounding-volume hierarchy: they can be
   added, removed, re-placed and given a velocity (collide_world.c; the
   hierarchy in collide_tree.c, the queries in collide_query.c).
   Lua argument positions below count the world itself as argument 1, as
   the C API does for w:method(...). Errors without a Lua argument (out of
   memory, a world modified from inside its own query) use argument 0.
   Ids are positive, stable and never reused by the same world. */
typedef struct collide_world collide_world;

enum {
  COLLIDE_SHAPE_NONE = 0,
  COLLIDE_SHAPE_TRIANGLE = 1,
  COLLIDE_SHAPE_POLYGON = 2,
  COLLIDE_SHAPE_AABB = 3,
  COLLIDE_SHAPE_SPHERE = 4,
  COLLIDE_SHAPE_SEGMENT = 5,
  COLLIDE_SHAPE_PLANE = 6,
  COLLIDE_SHAPE_CAPSULE = 7,
  COLLIDE_SHAPE_CONVEX = 8
};

/* One shape's geometry, as its add_* function takes it:
     triangle  a, b, c          segment  a, b
     aabb      a = center, b = extents
     sphere    a = center, r    capsule  a, b, r
     plane     plane            polygon  polygon
     convex    convex, a = position, rot
   collide_world_get fills it (a polygon's vertices, a convex shape's hull
   then belong to the world and stay valid until the shape is updated or
   removed); collide_world_update reads the fields of the shape's kind. */
typedef struct collide_world_shape {
  int kind;                /* COLLIDE_SHAPE_* */
  collide_vec3 a, b, c;
  double r;
  collide_plane plane;
  collide_polygon polygon;
  const collide_convex *convex;
  collide_rotation rot;    /* as it was given (an angle stays an angle) */
} collide_world_shape;

/* Called for a shape that would become the query's answer; returns 1 to
   consider the shape, 0 to skip it, or a negative value to abort the query,
   which then returns that value unchanged. It must not longjmp out (a Lua
   binding calls the Lua filter under lua_pcall) and must not add or remove
   shapes of the world being queried. */
typedef int (*collide_world_filter)(void *ctx, int id);

/* A filter that is a layer mask: passed as the filter with ctx pointing to
   an int mask in [0, 2^31), it considers the shapes whose layer bits share
   a bit with the mask. The world recognizes it and applies the mask itself,
   before any exact test, without calling it (called directly it returns 1:
   it cannot see the layers). */
int collide_world_layer_filter(void *ctx, int id);

/* NULL when out of memory. */
collide_world *collide_world_new(void);
void collide_world_free(collide_world *w);
/* 1 while a query or a move on w runs (a filter is being called): w must
   not be changed or freed then; every function that changes it returns
   COLLIDE_E_LOCKED. */
int collide_world_locked(const collide_world *w);

/* Each returns the new id (> 0) or a negative error. Shapes are copied.
   Lua arguments: 2 a, 3 b, 4 c. */
int collide_world_add_triangle(collide_world *w, const collide_vec3 *a,
                               const collide_vec3 *b, const collide_vec3 *c);
/* The polygon's vertices are copied. Lua argument 2 polygon. */
int collide_world_add_polygon(collide_world *w, const collide_polygon *polygon);
/* Lua arguments: 2 center, 3 extents. */
int collide_world_add_aabb(collide_world *w, const collide_vec3 *center,
                           const collide_vec3 *extents);
/* Lua arguments: 2 center, 3 r. */
int collide_world_add_sphere(collide_world *w, const collide_vec3 *center,
                             double r);
/* Lua arguments: 2 a, 3 b. */
int collide_world_add_segment(collide_world *w, const collide_vec3 *a,
                              const collide_vec3 *b);
/* Lua argument 2 plane. Planes are infinite: kept out of the hierarchy and
   tested by every query. */
int collide_world_add_plane(collide_world *w, const collide_plane *plane);
/* The plane normal.p + d = 0 kept as given, not normalized again (its
   normal must be unit to 1e-9, as every plane's: COLLIDE_E_BAD_PLANE,
   argument 2): collide.load restores a saved plane bit for bit with it.
   Lua arguments: 2 normal, 3 d. */
int collide_world__add_unit_plane(collide_world *w, const collide_vec3 *normal,
                                 double d);
/* The points within r of the segment a-b. Lua arguments: 2 a, 3 b, 4 r. */
int collide_world_add_capsule(collide_world *w, const collide_vec3 *a,
                              const collide_vec3 *b, double r);
/* The convex shape A turned by rot, its frame's origin at position: the
   hull is copied (A may be freed after the call) and the rotation kept as
   given. Lua arguments: 2 A, 3 position, 4 rot. */
int collide_world_add_convex(collide_world *w, const collide_convex *A,
                             const collide_vec3 *position,
                             const collide_rotation *rot);
/* One triangle per three 0-based indices into vertices (nindices a
   multiple of 3), with consecutive ids: returns the number of triangles
   added, and *first_id the id of the first (when none, the id the first
   would have had), or a negative error with nothing added. Lua arguments:
   2 vertices, 3 indices (an index out of range or a degenerate triangle
   names argument 3). On those two errors *first_id is the 0-based number
   of the first triangle at fault (all indices are checked for range
   before any triangle for degeneracy), so that a binding can name it in
   a mesh of a million; -1 for the other errors. */
int collide_world_add_mesh(collide_world *w, const collide_vec3 *vertices,
                           int nvertices, const int *indices, int nindices,
                           int *first_id);

/* Tile maps and concave outlines (issue 29; collide_outline.c). */

/* Adds the solid cells of a grid of rows x cols (row-major, nonzero =
   solid) as few axis-aligned boxes: cell (r, c), 0-based, covers x in
   origin.x + [c, c + 1] size.x, y in origin.y + [r, r + 1] size.y and z in
   origin.z + [0, size.z] (size.z may be 0: flat tiles in a 2D game).
   Solid cells are merged greedily into rectangles (runs along a row, then
   grown over the rows below), whose shared boundaries are computed from
   the same products as the cells', so no seam steps. Returns the number
   of boxes added, their ids consecutive from *first_id, or a negative
   error with nothing added. Lua arguments: 2 grid, 3 size
   (COLLIDE_E_TILE_SIZE unless size.x and size.y are > 0; negative size.z
   is COLLIDE_E_NEG_EXTENT), 4 origin. */
int collide_world_add_tiles(collide_world *w, const unsigned char *cells,
                            int rows, int cols, const collide_vec3 *size,
                            const collide_vec3 *origin, int *first_id);

/* Adds the region inside a simple polygon (concave allowed; a last point
   equal to the first is dropped) as convex polygons: ear clipping, then
   Hertel-Mehlhorn merging, with exact orientation tests. Returns the
   number of pieces added, their ids consecutive from *first_id, or a
   negative error with nothing added (Lua argument 2). When two edges of
   the outline meet (COLLIDE_E_SELF_CROSSING; a repeated point is two
   edges meeting), where[0] < where[1] are their 0-based numbers (edge i
   runs from point i to point i + 1, the last back to point 0) and *at a
   point where they meet (rounded); otherwise where[] is -1. */
int collide_world_add_outline(collide_world *w, const collide_vec3 *points,
                              int count, int *first_id, int *where,
                              collide_vec3 *at);

/* 1 removed, 0 no such shape, <0 locked. */
int collide_world_remove(collide_world *w, int id);
/* COLLIDE_SHAPE_* of a live id, COLLIDE_SHAPE_NONE otherwise. */
int collide_world_kind(const collide_world *w, int id);
/* Number of live shapes. */
int collide_world_count(const collide_world *w);
/* The live id after `id` in ascending order (0 for the first), or 0 when
   there is none: for (id = 0; (id = collide_world_next(w, id)) > 0;). */
int collide_world_next(const collide_world *w, int id);
/* Builds the hierarchy now instead of at the next query (0 or <0). */
int collide_world_build(collide_world *w);
/* The id the next shape added will get (ids are never reused). */
int collide_world_next_id(const collide_world *w);
/* Moves the next id on to next_id, which is at least the current one and
   at most INT_MAX - 1: the ids skipped are never given, as removed ones
   (w:save and collide.load restore a world's ids with it). 1, or <0:
   locked (arg 0), next_id out of that range (Lua argument 2,
   COLLIDE_E_BAD_INDEX), out of memory (arg 0). */
int collide_world_set_next_id(collide_world *w, int next_id);

/* The shape's geometry at its place (u = 0): 1, or 0 for an unknown id. */
int collide_world_get(const collide_world *w, int id, collide_world_shape *out);
/* Re-place shape id with new geometry, the arguments of its add_* (Lua
   arguments 3, 4, ...); it keeps its id, data, layers and velocity. Each
   returns 1, 0 when id is not a live shape of that kind, or <0. Costs
   O(log n): the hierarchy keeps an enlarged box per moved shape and
   re-inserts it only when it leaves that box. */
int collide_world_update_triangle(collide_world *w, int id, const collide_vec3 *a,
                                  const collide_vec3 *b, const collide_vec3 *c);
int collide_world_update_polygon(collide_world *w, int id,
                                 const collide_polygon *polygon);
int collide_world_update_aabb(collide_world *w, int id, const collide_vec3 *center,
                              const collide_vec3 *extents);
int collide_world_update_sphere(collide_world *w, int id,
                                const collide_vec3 *center, double r);
int collide_world_update_segment(collide_world *w, int id, const collide_vec3 *a,
                                 const collide_vec3 *b);
int collide_world_update_plane(collide_world *w, int id, const collide_plane *plane);
int collide_world_update_capsule(collide_world *w, int id, const collide_vec3 *a,
                                 const collide_vec3 *b, double r);
/* (Lua arguments 3 A, 4 position, 5 rot; a hull of the size of the one
   it had is copied over it, without allocating) */
int collide_world_update_convex(collide_world *w, int id, const collide_convex *A,
                                const collide_vec3 *position,
                                const collide_rotation *rot);
/* Layer bits in [0, 2^31), default 1: 1, 0 unknown id, <0 (Lua arg 3;
   locked). */
int collide_world_set_layers(collide_world *w, int id, int bits);
/* The layer bits, or -1 for an unknown id. */
int collide_world_layers(const collide_world *w, int id);
/* During a step the shape is at its place plus u * d: every sweep and
   move sweeps the relative motion. 1, 0 unknown id, <0 (Lua arg 3). */
int collide_world_set_velocity(collide_world *w, int id, const collide_vec3 *d);
/* *d = the velocity: 1, or 0 (and zero) for an unknown id. */
int collide_world_velocity(const collide_world *w, int id, collide_vec3 *d);
/* During a step the convex shape id also turns by rot_delta about its
   frame's origin, at a constant rate (two angles: by the angle as given;
   a quaternion: by its shortest arc, at most half a turn), as a velocity
   moves it: every sweep and move against it is swept by conservative
   advancement (collide_turning.c), advance turns it, a mover standing on
   it is carried (options.carry). A zero turn stops it. 1, 0 unknown id,
   <0: Lua arg 2 (the id) COLLIDE_E_NOT_SPINNABLE for a shape that is not
   convex, arg 3 a bad rotation or an angle beyond 2^22 radians a step
   (COLLIDE_E_SPIN_RANGE). advance adds an angle spin to an angle
   rotation; a sum past 2^23 rad is brought into [-pi, pi] (whole turns
   taken off, to rounding). */
int collide_world_set_spin(collide_world *w, int id,
                           const collide_rotation *rot_delta);
/* *rot_delta = the spin as given (angle 0 when none was): 1, or 0 for an
   unknown id or a shape that is not convex. */
int collide_world_spin(const collide_world *w, int id, collide_rotation *rot_delta);
/* Every shape moves by its velocity (which it keeps): 0 or <0, arg 0, none
   moved: locked; a shape that would leave the coordinate limit
   (COLLIDE_E_VEC_RANGE); a triangle or polygon that would become
   degenerate where it moves to (COLLIDE_E_DEGENERATE_TRIANGLE,
   COLLIDE_E_REPEATED, COLLIDE_E_POLY_COLLINEAR); COLLIDE_E_NOMEM while
   checking a moving polygon of more than 32 vertices. */
int collide_world_advance(collide_world *w);

/* ---- sensors (collide_sensor.c) -------------------------------------------
   A sensor blocks no mover, sweep or ray (overlap and penetration queries
   still list it); instead, every advance and move_shape records when a
   world shape begins and ends touching it during that step, at the exact
   moments (the first and last moment of contact of the relative motion:
   see collide_sensor.c). */
typedef struct collide_sensor_event {
  int sensor;   /* the sensor's id */
  int id;       /* the shape that touched it */
  double u;     /* the moment within the step */
  int begin;    /* 1: began touching; 0: ended */
} collide_sensor_event;

/* Makes shape id a sensor (on != 0) or an ordinary shape again: 1, 0 for
   an unknown id, <0: locked, out of memory (arg 0). */
int collide_world_set_sensor(collide_world *w, int id, int on);
/* 1 for a sensor, 0 for another shape, -1 for an unknown id. */
int collide_world_sensor(const collide_world *w, int id);
/* The events recorded since they were last taken, in the order of the
   steps and, within one, by u, then sensor, then id, a begin before an
   end: returns how many; when that is at most cap they are copied into
   out and forgotten, else nothing is copied (call again with room). */
int collide_world_sensor_events(collide_world *w, collide_sensor_event *out,
                                int cap);

/* ---- world queries --------------------------------------------------------
   Sweeps return the first contact over all shapes (ties: the lowest id):
   1 (out, *id filled), 0, or <0. Each answer is the single-shape function's
   answer for the shape named, against that shape's relative motion: a
   shape with velocity v is swept as fixed while the mover goes from c0 to
   c1 - v, and the point reported is then moved by u * v. `filter` (may
   be NULL, or collide_world_layer_filter) chooses the shapes considered:
   it is called for a shape that would become the answer. */

/* Lua arguments: 2 r, 3 c0, 4 c1. */
int collide_world_sweep_sphere(collide_world *w, double r,
                               const collide_vec3 *c0, const collide_vec3 *c1,
                               collide_world_filter filter, void *ctx,
                               collide_hit *out, int *id);
/* An axis-aligned box of half-extents e. Lua arguments: 2 e, 3 c0, 4 c1. */
int collide_world_sweep_aabb(collide_world *w, const collide_vec3 *e,
                             const collide_vec3 *c0, const collide_vec3 *c1,
                             collide_world_filter filter, void *ctx,
                             collide_hit *out, int *id);
/* A capsule: radius r around c - axis .. c + axis.
   Lua arguments: 2 r, 3 axis, 4 c0, 5 c1. */
int collide_world_sweep_capsule(collide_world *w, double r,
                                const collide_vec3 *axis,
                                const collide_vec3 *c0, const collide_vec3 *c1,
                                collide_world_filter filter, void *ctx,
                                collide_hit *out, int *id);
/* A convex shape A turned by rot (fixed during the step), its frame's
   origin moving from c0 to c1: each shape's answer is the
   collide_sweep_convex_* function of its kind (an aabb shape:
   collide_sweep_convex_aabb; a capsule: _capsule; ...).
   Lua arguments: 2 A, 3 rot, 4 c0, 5 c1. */
int collide_world_sweep_convex(collide_world *w, const collide_convex *A,
                               const collide_rotation *rot,
                               const collide_vec3 *c0, const collide_vec3 *c1,
                               collide_world_filter filter, void *ctx,
                               collide_hit *out, int *id);
/* The same for the segment p0-p1, shapes at their place (u = 0).
   Lua arguments: 2 p0, 3 p1. */
int collide_world_raycast(collide_world *w, const collide_vec3 *p0,
                          const collide_vec3 *p1, collide_world_filter filter,
                          void *ctx, collide_hit *out, int *id);

/* ---- many queries in one call --------------------------------------------
   n queries of one moving shape (or n rays) against the world, each
   answered exactly as the single call (collide_world_sweep_sphere, ...,
   collide_world_raycast) answers it, in one call: `segments` holds 6n
   numbers, query k moving from (x0, y0, z0) to (x1, y1, z1) =
   segments[6k .. 6k + 5]; `out` receives 8n numbers, for query k at
   out[8k .. 8k + 7]: the id of its first contact, u, the point (3) and the
   normal (3); a query that meets nothing gets id 0, u = 1, and a zero point
   and normal. Returns how many queries met a shape, or <0:
     - a bad argument: every number of segments is checked before any
       query runs and before out is written; a bad one is the segments
       argument's error (NaN, infinite, too large) and *bad its 0-based
       index in segments (for any other error *bad is -1);
     - a filter's abort value, which stops the queries there: out then holds
       the answers of the queries before the one that was running.
   n must be >= 0 (COLLIDE_E_BAD_INDEX on segments otherwise). filter and
   ctx are those of the single calls, called for each query's candidates;
   the world is locked during each query as during a single one. With a
   filter callback the queries run in the given order; without one (NULL
   or collide_world_layer_filter) a long batch of sweeps may run them in
   an order of its own (nearby motions together), which changes no answer
   and no place in out. */
/* Lua arguments: 2 segments. */
int collide_world_raycast_many(collide_world *w, const double *segments, int n,
                               collide_world_filter filter, void *ctx,
                               double *out, int *bad);
/* Lua arguments: 2 r, 3 segments. */
int collide_world_sweep_sphere_many(collide_world *w, double r,
                                    const double *segments, int n,
                                    collide_world_filter filter, void *ctx,
                                    double *out, int *bad);
/* Lua arguments: 2 e, 3 segments. */
int collide_world_sweep_aabb_many(collide_world *w, const collide_vec3 *e,
                                  const double *segments, int n,
                                  collide_world_filter filter, void *ctx,
                                  double *out, int *bad);
/* Lua arguments: 2 r, 3 axis, 4 segments. */
int collide_world_sweep_capsule_many(collide_world *w, double r,
                                     const collide_vec3 *axis,
                                     const double *segments, int n,
                                     collide_world_filter filter, void *ctx,
                                     double *out, int *bad);

/* A contact of collide_world_raycast_all. */
typedef struct collide_world_hit {
  collide_hit hit;
  int id;
} collide_world_hit;

/* Every shape the segment p0-p1 meets (shapes at u = 0) that the filter
   takes (it is called for each), sorted by u then id. Returns how many
   there are, or <0 (a filter's abort value, a bad argument); when that
   exceeds cap, hits holds only cap of them, in no particular order: call
   again with a larger array (the filter is then called again).
   Lua arguments: 2 p0, 3 p1. */
int collide_world_raycast_all(collide_world *w, const collide_vec3 *p0,
                              const collide_vec3 *p1,
                              collide_world_filter filter, void *ctx,
                              collide_world_hit *hits, int cap);

/* Ids of the shapes touching a volume (shapes at u = 0; contact is
   closed) that the filter takes, ascending, counted as by raycast_all.
   Lua arguments from 2 as listed. */
int collide_world_overlap_sphere(collide_world *w, const collide_vec3 *center,
                                 double r, collide_world_filter filter,
                                 void *ctx, int *ids, int cap);
int collide_world_overlap_point(collide_world *w, const collide_vec3 *p,
                                collide_world_filter filter, void *ctx,
                                int *ids, int cap);
int collide_world_overlap_aabb(collide_world *w, const collide_vec3 *center,
                               const collide_vec3 *extents,
                               collide_world_filter filter, void *ctx,
                               int *ids, int cap);
int collide_world_overlap_capsule(collide_world *w, const collide_vec3 *a,
                                  const collide_vec3 *b, double r,
                                  collide_world_filter filter, void *ctx,
                                  int *ids, int cap);

/* How deep a volume held still is in a shape of the world: normal is the
   direction of the shortest translation that separates the volume from
   the shape (as a sweep's normal at u = 0: from the shape toward the
   volume; the 2D rule holds), depth its length (0 when they only touch). */
typedef struct collide_penetration {
  int id;
  collide_vec3 normal;
  double depth;
} collide_penetration;

/* Every shape touching the volume (as collide_world_overlap_*: shapes at
   u = 0, contact closed) that the filter takes, with its penetration,
   ascending ids, counted as by raycast_all. Lua arguments from 2 as
   listed. */
int collide_world_penetration_sphere(collide_world *w,
                                     const collide_vec3 *center, double r,
                                     collide_world_filter filter, void *ctx,
                                     collide_penetration *out, int cap);
int collide_world_penetration_aabb(collide_world *w, const collide_vec3 *center,
                                   const collide_vec3 *extents,
                                   collide_world_filter filter, void *ctx,
                                   collide_penetration *out, int cap);
int collide_world_penetration_capsule(collide_world *w, const collide_vec3 *a,
                                      const collide_vec3 *b, double r,
                                      collide_world_filter filter, void *ctx,
                                      collide_penetration *out, int cap);

/* For bindings that cannot call back: the broadphase candidates of a
   sphere sweep (r = 0 for a ray), ascending ids, counted as above; then
   the exact query over a chosen subset of them. Lua arguments as for the
   sweep / the ray. */
int collide_world_candidates(collide_world *w, double r,
                             const collide_vec3 *c0, const collide_vec3 *c1,
                             int *ids, int cap);
/* The broadphase candidates of a box sweep: the ids of the shapes whose
   box over the step (each shape's box is padded by 1e-7 of its largest
   coordinate, and the query's box grown by 1e-7 of its size and place)
   the box of half-extents e meets on its way from centre c0 to c1,
   without the shapes' exact tests (planes are always listed; sensors,
   never); c0 = c1 for a box held still, e = 0 for a segment. A superset
   of what collide_world_sweep_aabb can hit. Ascending ids, counted as
   above (n > cap: ids holds cap of them, in no particular order).
   Lua arguments: 2 e, 3 c0, 4 c1. */
int collide_world_candidates_aabb(collide_world *w, const collide_vec3 *e,
                                  const collide_vec3 *c0,
                                  const collide_vec3 *c1, int *ids, int cap);
/* collide_world_update_aabb(w, id, c, e), then the candidates above of
   the box of half-extents qe on its way from c0 to c1: in one call, for a
   caller that moves one box and then asks for the next path's candidates
   (collide.bump). id must be a live aabb's (COLLIDE_E_BAD_INDEX on arg 2
   otherwise, a whole number as a double); every argument is checked
   before the world changes. Lua arguments: 2 id, 3 c, 4 e, 5 qe, 6 c0,
   7 c1. */
int collide_world_update_candidates_aabb(collide_world *w, double id,
                                         const collide_vec3 *c,
                                         const collide_vec3 *e,
                                         const collide_vec3 *qe,
                                         const collide_vec3 *c0,
                                         const collide_vec3 *c1, int *ids,
                                         int cap);
int collide_world_sweep_sphere_among(collide_world *w, double r,
                                     const collide_vec3 *c0,
                                     const collide_vec3 *c1, const int *ids,
                                     int n, collide_hit *out, int *id);
int collide_world_raycast_among(collide_world *w, const collide_vec3 *p0,
                                const collide_vec3 *p1, const int *ids, int n,
                                collide_hit *out, int *id);

/* ---- world: movers (collide_mover.c) ------------------------------------ */

/* How a mover responds to a surface it meets. The first three are the
   move's own response (options.response); all six are what a move filter
   may return for one shape. */
enum {
  COLLIDE_RESPONSE_SLIDE = 0,   /* the rest of the motion along the surface */
  COLLIDE_RESPONSE_BOUNCE = 1,  /* reflected, scaled by restitution */
  COLLIDE_RESPONSE_STOP = 2,    /* stop there ("touch") */
  COLLIDE_RESPONSE_CROSS = 3,   /* pass through, reported as a contact */
  COLLIDE_RESPONSE_DEFAULT = 4, /* the move's own response */
  COLLIDE_RESPONSE_IGNORE = 5,  /* not there for the rest of the move */
  COLLIDE_RESPONSE_ONEWAY = 6   /* slide, for a mover clear of it at the
                                   start meeting it from up; else ignore */
};

/* The shape that moves: a sphere (r), an axis-aligned box (half-extents
   extents), a capsule (the points within r of the segment from
   centre - axis to centre + axis), or a convex shape (hull, turned by rot,
   which must stay alive and unchanged during the move). The position moved
   is its centre (a convex shape's: its frame's origin). */
enum {
  COLLIDE_MOVER_SPHERE = 0,
  COLLIDE_MOVER_AABB = 1,
  COLLIDE_MOVER_CAPSULE = 2,
  COLLIDE_MOVER_CONVEX = 3
};
typedef struct collide_mover {
  int kind;              /* COLLIDE_MOVER_* */
  double r;              /* sphere, capsule */
  collide_vec3 extents;  /* box */
  collide_vec3 axis;     /* capsule */
  const collide_convex *hull;   /* convex */
  collide_rotation rot;         /* convex */
} collide_mover;

typedef struct collide_move_options {
  int max_iterations;    /* rounds of sweep and response, >= 1 (4) */
  int response;          /* COLLIDE_RESPONSE_SLIDE, _BOUNCE or _STOP (slide) */
  double restitution;    /* bounce: scale of the reflected motion, >= 0 (1) */
  int use_up;            /* nonzero: up is given (0) */
  collide_vec3 up;       /* any length but zero */
  double max_slope;      /* radians in [0, pi] (pi/4): walkable up to this */
  double skin;           /* gap kept to surfaces; <= 0 picks one (0) */
  /* the character controller; step_height and snap need use_up */
  int use_velocity;      /* nonzero: velocity is given (else to - from) (0) */
  collide_vec3 velocity; /* rewritten by the responses into result.velocity */
  double step_height;    /* >= 0: climb steps up to this high (0) */
  double snap;           /* >= 0: stay on the ground down to this far (0) */
  int stop_on_slope;     /* no sliding down walkable slopes (0) */
  int steep_as_wall;     /* sliding along a steep surface never climbs (0) */
  int carry;             /* ride a moving shape stood on at the start (1) */
  int use_mask;          /* nonzero: only shapes whose layers share a bit
                            with mask (0) */
  int mask;
  double max_push;       /* >= 0: how far a mover that starts overlapping
                            is pushed out, at most; < 0 (the default, -1):
                            the mover's largest half-size */
} collide_move_options;

/* One surface touched by the mover; u is the moment within the step. A
   push out of a shape the mover started in has u = 0 and depth > 0 (the
   length of the shortest translation that separated them); depth is 0
   for every other contact. stuck: the mover could not get clear of the
   shapes it started in and stayed where it was. */
typedef struct collide_contact {
  int id;
  int feature;
  double u;
  collide_vec3 point;
  collide_vec3 normal;
  double depth;
  int stuck;
} collide_contact;

/* What a move did. */
typedef struct collide_move_result {
  collide_vec3 position;
  collide_vec3 velocity;     /* options.velocity after the responses */
  int ncontacts;             /* contacts written (at most cap) */
  int grounded;              /* 1/0, or -1 without use_up */
  int ground_id;             /* the walkable shape under the mover at the
                                end, 0 if none */
  collide_vec3 ground_point, ground_normal;
} collide_move_result;

/* Called for a shape about to become a contact of a move, with the contact
   normal; returns a COLLIDE_RESPONSE_* for that shape, or a negative value
   to abort the move, which then returns that value unchanged. The same
   rules as collide_world_filter otherwise. */
typedef int (*collide_move_filter)(void *ctx, int id, const collide_vec3 *normal);

/* The defaults shown in brackets above. */
void collide_move_options_init(collide_move_options *options);

/* Moves `mover` from `from` toward `to`: sweep, stop just short of the
   first contact, respond, for up to max_iterations rounds; then the
   controller's step, snap and ground. filter may be NULL. Writes up to cap
   contacts in the order touched and *result. Returns 0 or <0.
   Lua arguments: w:move_sphere(r, from, to, options) 2, 3, 4, 5;
   w:move_aabb(extents, from, to, options) 2, 3, 4, 5;
   w:move_capsule(r, axis, from, to, options) 2, 3, 4, 5, 6;
   w:move_convex(A, rot, from, to, options) 2, 3, 4, 5, 6. */
int collide_world_move(collide_world *w, const collide_mover *mover,
                       const collide_vec3 *from, const collide_vec3 *to,
                       const collide_move_options *options,
                       collide_move_filter filter, void *ctx,
                       collide_contact *contacts, int cap,
                       collide_move_result *result);

/* Moves the world's shape id -- a sphere, an aabb, a capsule or a convex
   shape -- from its place toward `to` as collide_world_move moves that
   shape, no sweep
   of the move seeing the shape itself, then re-places it where it stopped
   (as collide_world_update_* would; its id, data, layers and velocity are
   kept). The world is locked during the move: filters may query it, not
   change it. The shape's own velocity takes no part in the move.
   Returns 1 (moved: *result as collide_world_move's), 0 (id is no live
   shape: nothing done), or <0: locked (arg 0), a shape of another kind
   (arg 2, COLLIDE_E_NOT_MOVABLE), a bad `to` (3) or option (4), a
   filter's abort value. Lua arguments: w:move_shape(id, to, options)
   2, 3, 4. */
int collide_world_move_shape(collide_world *w, int id, const collide_vec3 *to,
                             const collide_move_options *options,
                             collide_move_filter filter, void *ctx,
                             collide_contact *contacts, int cap,
                             collide_move_result *result);

/* A sphere's move with a query filter (1 consider, 0 ignore), as before
   collide_world_move: writes the final position, up to cap contacts
   (*ncontacts) and *grounded (1/0, or -1 without use_up). Returns 0 or <0.
   Lua arguments: 2 r, 3 from, 4 to, 5 options. */
int collide_world_move_sphere(collide_world *w, double r,
                              const collide_vec3 *from, const collide_vec3 *to,
                              const collide_move_options *options,
                              collide_world_filter filter, void *ctx,
                              collide_vec3 *position, collide_contact *contacts,
                              int cap, int *ncontacts, int *grounded);

/* ---- many moving spheres ------------------------------------------------- */

/* Two spheres i < j (0-based) whose sweeps touch, from their first moment. */
typedef struct collide_pair { int i, j; double u0; } collide_pair;

/* Bytes of scratch memory collide_sweep_pairs needs for n spheres (a
   size_t: an unsigned long is 32 bits on 64-bit Windows, where 77 million
   spheres would have wrapped it round). */
size_t collide_sweep_pairs_scratch_size(int n);
/* Every pair among n spheres (radius radii[k], moving from starts[k] to
   ends[k]) for which collide_sweep_sphere_sphere reports contact, sorted
   by (i, j), with its u0. scratch: collide_sweep_pairs_scratch_size(n)
   bytes, aligned for a double. Returns the number of pairs; when that
   exceeds cap, out holds only cap of them, in no particular order: call
   again with a larger array. More than 33554432 pairs (2^25, so that the
   3 numbers a pair takes in a Lua array fit in LuaJIT's largest array
   part, 2^27 + 1 slots: LJ_MAX_ASIZE in lj_def.h) is an error,
   COLLIDE_E_TOO_MANY_PAIRS on argument 2, returned as soon as the count
   passes it. Lua arguments: 1 radii, 2 starts, 3 ends (a bad element
   reports its array's position). */
int collide_sweep_pairs(int n, const double *radii, const collide_vec3 *starts,
                        const collide_vec3 *ends, void *scratch,
                        collide_pair *out, int cap);
/* COLLIDE_CDEF_END */

#if defined(__GNUC__) && !defined(_WIN32)
#pragma GCC visibility pop
#endif

#define COLLIDE_MAX_COORD 1e50
/* The most pairs collide_sweep_pairs returns (COLLIDE_E_TOO_MANY_PAIRS
   beyond) and the most vertices a polygon has (COLLIDE_E_TOO_MANY_VERTICES
   beyond): the numbers in those errors' messages. */
#define COLLIDE_MAX_PAIRS 33554432
#define COLLIDE_MAX_POLYGON_VERTICES 65536
/* The most points collide.convex takes (COLLIDE_E_TOO_MANY_POINTS). */
#define COLLIDE_MAX_CONVEX_POINTS 256

#ifdef __cplusplus
}
#endif

#endif /* COLLIDE_H */
