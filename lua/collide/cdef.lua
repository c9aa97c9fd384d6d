-- Generated from csrc/collide.h by tools/gen-cdef.lua (make cdef).
-- Do not edit: change the header and regenerate.
return [[
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
  COLLIDE_E_LAST = 21
};

/* The largest magnitude accepted for any coordinate, radius or extent.
   Bigger inputs would overflow the products the tests form (up to the
   fourth power of a coordinate). Same value as COLLIDE_MAX_COORD. */
double collide_max_coord(void);

/* Decoding a negative return value. */
int collide_error_arg(int code);
int collide_error_reason(int code);
const char *collide_error_message(int code);

/* Name of a COLLIDE_FEATURE_* value: "face", "edge", "vertex" (or "none"). */
const char *collide_feature_name(int feature);

/* Argument checks, as used by every entry point: 0 when fine, else a reason. */
int collide_check_number(double x);
int collide_check_vec3(const collide_vec3 *v);

/* ---- planes -------------------------------------------------------------- */

/* collide.plane(normal, d): normalizes normal and scales d with it.
   Lua arguments: 1 normal, 2 d. */
int collide_plane_make(collide_plane *out, const collide_vec3 *normal, double d);
/* collide.plane_from_point_normal(p, n). Lua arguments: 1 p, 2 n. */
int collide_plane_from_point_normal(collide_plane *out, const collide_vec3 *p,
                                    const collide_vec3 *n);
/* collide.plane_from_points(a, b, c): normal (b-a)x(c-a). Lua arguments 1..3. */
int collide_plane_from_points(collide_plane *out, const collide_vec3 *a,
                              const collide_vec3 *b, const collide_vec3 *c);
/* Signed distance; 0 or 1 (no failure) -- returns <0 when p is bad (arg 1). */
int collide_plane_distance(const collide_plane *plane, const collide_vec3 *p,
                           double *out);

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
   The vertices are referenced, not copied. */
int collide_polygon_init(collide_polygon *poly, const collide_vec3 *vertices,
                         int count);
]]
