/*
 * test.h -- the C tests' few macros: a test is a plain executable that
 * returns non-zero on the first failure (Box2D's test style).
 */
#ifndef COLLIDE_TEST_H
#define COLLIDE_TEST_H

#include <math.h>
#include <stdio.h>

#define ENSURE(cond) do { if (!(cond)) { \
    fprintf(stderr, "%s:%d: ENSURE(%s) failed\n", __FILE__, __LINE__, #cond); \
    return 1; } } while (0)

#define ENSURE_SMALL(x, tol) do { double v_ = (x); if (!(fabs(v_) <= (tol))) { \
    fprintf(stderr, "%s:%d: ENSURE_SMALL(%s, %g) failed: %.17g\n", \
            __FILE__, __LINE__, #x, (double)(tol), v_); \
    return 1; } } while (0)

#define ENSURE_NEAR(a, b, tol) ENSURE_SMALL((a) - (b), tol)

#define RUN_TEST(fn) do { if (fn()) { \
    fprintf(stderr, "test %s failed\n", #fn); return 1; } \
    printf("  %s ok\n", #fn); tests_run_++; } while (0)

#define TEST_MAIN_BEGIN int main(void) { int tests_run_ = 0;
#define TEST_MAIN_END printf("%d passed, 0 failed\n", tests_run_); return 0; }

#endif
