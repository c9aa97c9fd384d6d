/*
 * test_hit.h -- what the C tests of the queries share on top of test.h: a
 * vector maker, whole results checked at once, and the feature names.
 */
#ifndef COLLIDE_TEST_HIT_H
#define COLLIDE_TEST_HIT_H

#include "collide.h"
#include "test.h"

#define ENSURE_VEC(v, X, Y, Z, tol) do { ENSURE_NEAR((v).x, X, tol); \
    ENSURE_NEAR((v).y, Y, tol); ENSURE_NEAR((v).z, Z, tol); } while (0)
/* a whole hit: u, point, normal, feature */
#define ENSURE_HIT(h, U, PX, PY, PZ, NX, NY, NZ, F, tol) do { \
    ENSURE_NEAR((h).u, U, tol); ENSURE_VEC((h).point, PX, PY, PZ, tol); \
    ENSURE_VEC((h).normal, NX, NY, NZ, tol); ENSURE((h).feature == (F)); } while (0)
/* a miss, its hit zeroed */
#define ENSURE_MISS(rc, h) do { ENSURE((rc) == 0); ENSURE((h).u == 0 && \
    (h).point.x == 0 && (h).normal.x == 0 && (h).feature == COLLIDE_FEATURE_NONE); } while (0)
/* an error code naming argument arg (Lua position) for reason */
#define ENSURE_FAIL(rc, arg, reason) do { int rc_ = (rc); ENSURE(rc_ < 0); \
    ENSURE(collide_error_arg(rc_) == (arg)); \
    ENSURE(collide_error_reason(rc_) == (reason)); } while (0)

enum { FACE = COLLIDE_FEATURE_FACE, EDGE = COLLIDE_FEATURE_EDGE,
       VERTEX = COLLIDE_FEATURE_VERTEX };
#define EXACT 1e-12

static inline collide_vec3 V(double x, double y, double z) {
  collide_vec3 v;
  v.x = x; v.y = y; v.z = z;
  return v;
}

#endif
