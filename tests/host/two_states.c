/*
 * two_states.c -- loads collide into two independent lua_States of one
 * process and uses both: interleaved calls, values of one state checked
 * against the other, one state closed (which unloads its reference to the
 * shared object) while the other keeps working.
 *
 * The module keeps no global mutable state (TEAM.md); this host is the test
 * that says so. Usage: two_states <dir holding collide/core.so>
 * Exit status 0 when every check passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

static int failures = 0;

/* Runs chunk in L; it must return true (or raise, which is a failure). */
static void check(lua_State *L, const char *name, const char *chunk) {
  if (luaL_loadstring(L, chunk) != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK) {
    fprintf(stderr, "FAIL %s: %s\n", name, lua_tostring(L, -1));
    if (++failures >= 5) exit(1);
  } else if (!lua_toboolean(L, -1)) {
    fprintf(stderr, "FAIL %s: returned false\n", name);
    if (++failures >= 5) exit(1);
  }
  lua_settop(L, 0);
}

static lua_State *new_state(const char *cpath_dir) {
  lua_State *L = luaL_newstate();
  char buf[1024];
  if (L == NULL) {
    fprintf(stderr, "FAIL: luaL_newstate\n");
    exit(1);
  }
  luaL_openlibs(L);
  snprintf(buf, sizeof buf,
           "package.path = 'lua/?.lua;lua/?/init.lua'\n"
           "package.cpath = '%s/?.so'\n"
           "collide = require 'collide'\n"
           "return collide.backend == 'capi'",
           cpath_dir);
  check(L, "require", buf);
  return L;
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "build/5.4";
  lua_State *A = new_state(dir), *B = new_state(dir);
  int i;

  /* Each state has its own metatables: a vec3 of one is not a vec3 of the
     other, and the types keep working in both. */
  check(A, "A: make", "va = collide.vec3(1, 2, 3); return tostring(va) == 'vec3(1, 2, 3)'");
  check(B, "B: make", "vb = collide.vec3(4, 5, 6); return tostring(vb) == 'vec3(4, 5, 6)'");
  for (i = 0; i < 200; i++) {
    check(A, "A: sweep",
          "local ok, u0, u1 = collide.sweep_sphere_sphere(1, collide.vec3(0, 0),"
          " collide.vec3(10, 0), 1, collide.vec3(5, 0), collide.vec3(5, 0))\n"
          "return ok and u0 == 0.3 and u1 == 0.7");
    check(B, "B: plane",
          "local p = collide.plane(collide.vec3(0, 2, 0), -2)\n"
          "local hit, u = collide.sweep_sphere_plane(0.5, {0, 3}, {0, -3}, p)\n"
          "return hit and math.abs(u - 0.25) < 1e-12 and p.d == -1");
    check(A, "A: errors",
          "local ok, e = pcall(collide.sweep_sphere_sphere, -1, {0,0}, {0,0}, 1, {0,0}, {0,0})\n"
          "return not ok and e == \"bad argument #1 to 'sweep_sphere_sphere' (negative radius)\"");
    if (i % 50 == 0) {
      lua_gc(A, LUA_GCCOLLECT, 0);
      lua_gc(B, LUA_GCCOLLECT, 0);
    }
  }
  check(A, "A: still vec3", "return collide.is_vec3(va) and va.x == 1");
  check(B, "B: still vec3", "return collide.is_vec3(vb) and vb.z == 6");

  /* Close A: its reference to core.so goes; B must be unaffected. */
  lua_close(A);
  for (i = 0; i < 200; i++) {
    check(B, "B after A closed",
          "local v = collide.vec3(3, 4) + {0, 0, 12}\n"
          "local ok, u0 = collide.sweep_sphere_sphere(1, v, -v, 1, {0, 0}, {0, 0})\n"
          "return v:length() == 13 and ok and u0 > 0 and u0 < 0.5");
  }
  lua_gc(B, LUA_GCCOLLECT, 0);
  check(B, "B: vb survives", "return tostring(vb) == 'vec3(4, 5, 6)'");

  /* A third state loaded after the first was closed. */
  A = new_state(dir);
  check(A, "A again", "return tostring(collide.vec3()) == 'vec3(0, 0, 0)'");
  lua_close(A);
  lua_close(B);
  if (failures) {
    fprintf(stderr, "two_states: %d failure(s)\n", failures);
    return 1;
  }
  printf("two_states: ok (two lua_States, interleaved, one closed early)\n");
  return 0;
}
