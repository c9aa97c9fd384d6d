/*
 * test_fma.c -- the fma the core uses is correctly rounded.
 *
 * The core's exact predicates rest on fma being a*b + c rounded once:
 * collide_capsule.c's a b - c d (Kahan's algorithm) and collide_outline.c's
 * exact products (p + q = x y with q = fma(x, y, -p)). glibc's fma is;
 * mingw-w64's (the Windows build) is not: it adds partial products in
 * double and rounds more than once, and this test caught it under wine.
 * So the core calls collide_fma (collide_internal.h): the C library's fma,
 * or on Windows collide__fma_soft, an emulation in double arithmetic. Both
 * collide_fma and collide__fma_soft are checked here on every platform;
 * the C library's own fma is only reported. The test runs with the other
 * C tests on Linux and, cross-compiled, under wine (make check-windows).
 *
 * The reference shares nothing with fma: each operand is an integer
 * mantissa m < 2^53 times 2^e (frexp), the product of two mantissas is
 * exact in 128 bits, c is shifted to the smaller exponent and added in
 * the same integer, and the sum is rounded to 53 bits by hand, to nearest
 * with ties to even (IEEE 754-2008 4.3.1). Operands are drawn so that the
 * aligned sum fits in 127 bits and the result is a normal number.
 */
#include <float.h>
#include <stdint.h>

#include "collide_internal.h"
#include "test.h"

__extension__ typedef unsigned __int128 u128;

/* |x| = m 2^e with m < 2^53 an integer (x normal and non-zero). */
static void split(double x, uint64_t *m, int *e) {
  int k;
  double f = frexp(fabs(x), &k);          /* |x| = f 2^k, f in [0.5, 1) */
  *m = (uint64_t)ldexp(f, 53);
  *e = k - 53;
}

static int bits128(u128 v) {
  int n = 0;
  while (v != 0) { n++; v >>= 1; }
  return n;
}

/* a b + c rounded once to nearest, ties to even; 0 when the operands are
   outside what the 128-bit sum holds (the caller draws again). */
static int reference(double a, double b, double c, double *out) {
  uint64_t ma, mb, mc;
  int ea, eb, ec, ep, e0, n, sh;
  int sp = (a < 0) != (b < 0), sc = c < 0, neg;
  u128 p, q, s;
  split(a, &ma, &ea);
  split(b, &mb, &eb);
  split(c, &mc, &ec);
  ep = ea + eb;
  e0 = ep < ec ? ep : ec;
  p = (u128)ma * mb;                       /* < 2^106, exact */
  if (bits128(p) + (ep - e0) > 126 || 53 + (ec - e0) > 126) return 0;
  p <<= ep - e0;
  q = (u128)mc << (ec - e0);
  if (sp == sc) { s = p + q; neg = sp; }
  else if (p >= q) { s = p - q; neg = sp; }
  else { s = q - p; neg = sc; }
  if (s == 0) { *out = 0.0; return 1; }   /* an exact zero sum is +0 */
  n = bits128(s);
  sh = n > 53 ? n - 53 : 0;
  if (sh > 0) {
    u128 rem = s & (((u128)1 << sh) - 1), half = (u128)1 << (sh - 1);
    s >>= sh;
    if (rem > half || (rem == half && (s & 1))) s++;   /* s <= 2^53: exact */
  }
  *out = ldexp((double)(uint64_t)s, e0 + sh);
  if (neg) *out = -*out;
  return 1;
}

/* A fixed generator (xorshift64*): the same cases on every platform. */
static uint64_t state = 0x9E3779B97F4A7C15u;
static uint64_t next(void) {
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 2685821657736338717u;
}

/* A 53-bit mantissa: uniform bits, or long runs of ones and zeros (the
   patterns that put a sum exactly half-way between two doubles, or just
   beside it). */
static uint64_t mantissa(void) {
  uint64_t m = next();
  if (next() & 1) {
    int lo = (int)(next() % 53), hi = (int)(next() % 53), t;
    if (lo > hi) { t = lo; lo = hi; hi = t; }
    m = (next() & 1) ? ~(uint64_t)0 : 0;
    m ^= ((((uint64_t)1 << (hi - lo)) - 1) << lo);
    m ^= (next() & 1) ? next() & 0xF : 0;
  }
  return (m & (((uint64_t)1 << 52) - 1)) | ((uint64_t)1 << 52);
}

static double number(int e) {
  double x = ldexp((double)mantissa(), e - 52);
  return (next() & 1) ? -x : x;
}

typedef double fma_fn(double, double, double);

/* The fma under test: the core's choice, then the emulation alone. */
static double core_fma(double a, double b, double c) { return collide_fma(a, b, c); }
static fma_fn *const under_test[] = { core_fma, collide__fma_soft };
static const char *const names[] = { "collide_fma", "collide__fma_soft" };

/* Each fma under test against the reference (0 when all agree); counts
   the C library's fma's misses in libm_wrong. */
static long libm_wrong, libm_tested;
static int check(double a, double b, double c, int *tested) {
  double want, got;
  int f;
  if (!reference(a, b, c, &want)) return 0;
  (*tested)++;
  for (f = 0; f < 2; f++) {
    got = under_test[f](a, b, c);
    if (!(got == want && signbit(got) == signbit(want))) {
      fprintf(stderr, "%s(%a, %a, %a) = %a, correctly rounded: %a\n",
              names[f], a, b, c, got, want);
      return 1;
    }
  }
  got = fma(a, b, c);
  libm_tested++;
  if (!(got == want && signbit(got) == signbit(want))) libm_wrong++;
  return 0;
}

/* Where rounding twice goes wrong: a b + c = 1 + 2^-53 + 2^-80, just above
   half-way between 1 and 1 + 2^-52. Rounded once that is 1 + 2^-52;
   rounded first to a 64-bit mantissa it becomes exactly 1 + 2^-53, which
   ties to even, 1. */
static int test_double_rounding_cases(void) {
  double a = 1 + ldexp(1, -40);
  double c = -(ldexp(1, -39) - ldexp(1, -53));   /* exact: 15 bits */
  int tested = 0, k, f;
  for (f = 0; f < 2; f++) {
    fma_fn *fn = under_test[f];
    ENSURE(fn(a, a, c) == 1 + DBL_EPSILON);
    ENSURE(fn(-a, a, -c) == -(1 + DBL_EPSILON));
    /* the same just below half-way: 1 */
    ENSURE(fn(a, a, c - ldexp(1, -79)) == 1);
    /* and every such pair of shifts */
    for (k = 28; k <= 52; k++) {
      double x = 1 + ldexp(1, -k), y = -(ldexp(1, 1 - k) - ldexp(1, -53));
      ENSURE(fn(x, x, y) == 1 + DBL_EPSILON);
      ENSURE(check(x, x, y, &tested) == 0);
    }
  }
  return 0;
}

/* The exact product the core builds on: p + q == x y exactly. */
static int test_two_product(void) {
  int i, tested = 0;
  for (i = 0; i < 100000; i++) {
    double x = number((int)(next() % 61) - 30), y = number((int)(next() % 61) - 30);
    double p = x * y, q = collide_fma(x, y, -p), back;
    ENSURE(check(x, y, -p, &tested) == 0);
    /* p + q is x y itself: x y - p - q is zero exactly */
    ENSURE(reference(x, y, -p, &back) && back == q);
  }
  ENSURE(tested == 100000);
  return 0;
}

/* Random operands, c's exponent drawn around the product's so that every
   kind of alignment happens: c's top bit from 73 bits below the product's
   (only sticky bits) through level (cancellation) to far above. */
static int test_random(void) {
  int i, tested = 0;
  for (i = 0; i < 1000000; i++) {
    int ea = (int)(next() % 61) - 30, eb = (int)(next() % 61) - 30;
    int ec = ea + eb + (int)(next() % 91) - 72;
    if (check(number(ea), number(eb), number(ec), &tested)) return 1;
  }
  ENSURE(tested == 1000000);
  return 0;
}

/* Zeros, and operands outside the emulation's exact domain (a b + c
   rounded twice there: the core never needs those exact), which must
   still be the plain sum and never NaN. */
static int test_edges(void) {
  int f;
  for (f = 0; f < 2; f++) {
    fma_fn *fn = under_test[f];
    double r = fn(0.0, 5.0, -0.0);
    ENSURE(r == 0 && !signbit(r));          /* +0 + -0 is +0 */
    r = fn(-0.0, 5.0, -0.0);
    ENSURE(r == 0 && signbit(r));
    ENSURE(fn(0.0, 1e300, 3.0) == 3.0);
    ENSURE(fn(1e300, 1e300, 1.0) == HUGE_VAL);
    ENSURE(fn(-1e300, 1e300, 1.0) == -HUGE_VAL);
    ENSURE(fn(2.0, 3.0, HUGE_VAL) == HUGE_VAL);
    ENSURE(isnan(fn(NAN, 1.0, 1.0)));
    ENSURE(fn(1e-200, 1e-200, 1.0) == 1.0);
    ENSURE(fn(1e-160, 1e-160, 0.0) == 1e-160 * 1e-160);
  }
  return 0;
}

static int test_report_libm(void) {
  printf("  (the C library's own fma: %ld of %ld wrong; the core uses %s)\n",
         libm_wrong, libm_tested, COLLIDE_FMA_SOFT ? "collide__fma_soft" : "it");
  /* the core never uses an fma that was found wrong */
  ENSURE(libm_wrong == 0 || COLLIDE_FMA_SOFT);
  return 0;
}

TEST_MAIN_BEGIN
  RUN_TEST(test_double_rounding_cases);
  RUN_TEST(test_two_product);
  RUN_TEST(test_random);
  RUN_TEST(test_edges);
  RUN_TEST(test_report_libm);
TEST_MAIN_END
