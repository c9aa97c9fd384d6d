/*
 * noop.c -- the floor of the benchmark: C functions that take the same
 * arguments as collide's queries and do nothing. Built only for `make
 * bench`, as build/<abi>/collide_bench_noop.so.
 *
 *  - collide_bench_noop.noop: a lua_CFunction returning false without
 *    looking at its arguments, called with the same arguments as the
 *    collide function it stands for: the cost of a C-API call itself.
 *  - collide_bench_noop_<shape>: plain C functions with the signature of a
 *    core query, for LuaJIT's FFI: the cost of an FFI call with that many
 *    arguments.
 */
#include "lua.h"
#include "lauxlib.h"

#define EXPORT __attribute__((visibility("default")))

static int noop(lua_State *L) {
  lua_pushboolean(L, 0);
  return 1;
}

EXPORT int luaopen_collide_bench_noop(lua_State *L);
EXPORT int luaopen_collide_bench_noop(lua_State *L) {
  lua_newtable(L);
  lua_pushcfunction(L, noop);
  lua_setfield(L, -2, "noop");
  return 1;
}

/* Signatures of the core queries (collide.h), with void pointers. */
EXPORT int collide_bench_noop_ss(double ra, const void *a0, const void *a1,
                                 double rb, const void *b0, const void *b1,
                                 void *out);
EXPORT int collide_bench_noop_ss(double ra, const void *a0, const void *a1,
                                 double rb, const void *b0, const void *b1,
                                 void *out) {
  (void)ra; (void)a0; (void)a1; (void)rb; (void)b0; (void)b1; (void)out;
  return 0;
}

EXPORT int collide_bench_noop_r4(double r, const void *c0, const void *c1,
                                 const void *x, void *out);
EXPORT int collide_bench_noop_r4(double r, const void *c0, const void *c1,
                                 const void *x, void *out) {
  (void)r; (void)c0; (void)c1; (void)x; (void)out;
  return 0;
}

EXPORT int collide_bench_noop_r5(double r, const void *c0, const void *c1,
                                 const void *x, const void *y, void *out);
EXPORT int collide_bench_noop_r5(double r, const void *c0, const void *c1,
                                 const void *x, const void *y, void *out) {
  (void)r; (void)c0; (void)c1; (void)x; (void)y; (void)out;
  return 0;
}

EXPORT int collide_bench_noop_r6(double r, const void *c0, const void *c1,
                                 const void *x, const void *y, const void *z,
                                 void *out);
EXPORT int collide_bench_noop_r6(double r, const void *c0, const void *c1,
                                 const void *x, const void *y, const void *z,
                                 void *out) {
  (void)r; (void)c0; (void)c1; (void)x; (void)y; (void)z; (void)out;
  return 0;
}

EXPORT int collide_bench_noop_p5(const void *p0, const void *p1, const void *x,
                                 const void *y, const void *z, void *out);
EXPORT int collide_bench_noop_p5(const void *p0, const void *p1, const void *x,
                                 const void *y, const void *z, void *out) {
  (void)p0; (void)p1; (void)x; (void)y; (void)z; (void)out;
  return 0;
}

EXPORT int collide_bench_noop_p4(const void *p0, const void *p1, const void *x,
                                 const void *y, void *out);
EXPORT int collide_bench_noop_p4(const void *p0, const void *p1, const void *x,
                                 const void *y, void *out) {
  (void)p0; (void)p1; (void)x; (void)y; (void)out;
  return 0;
}

/* ---- moving box (branch box): the box sweeps' signatures ---- */
EXPORT int collide_bench_noop_q4n(const void *e, const void *c0, const void *c1,
                                  const void *x, double r, void *out);
EXPORT int collide_bench_noop_q4n(const void *e, const void *c0, const void *c1,
                                  const void *x, double r, void *out) {
  (void)e; (void)c0; (void)c1; (void)x; (void)r; (void)out;
  return 0;
}

EXPORT int collide_bench_noop_q6(const void *e, const void *c0, const void *c1,
                                 const void *x, const void *y, const void *z,
                                 void *out);
EXPORT int collide_bench_noop_q6(const void *e, const void *c0, const void *c1,
                                 const void *x, const void *y, const void *z,
                                 void *out) {
  (void)e; (void)c0; (void)c1; (void)x; (void)y; (void)z; (void)out;
  return 0;
}
/* ---- end moving box ---- */
