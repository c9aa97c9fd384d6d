/*
 * lcollide_vec3.c -- the vec3 type of the C-API binding: the constructor,
 * field access, the arithmetic metamethods and the accessors. Its methods
 * that compute (dot, cross, length, normalize, ...) are the core's, generated
 * from lcollide_api.h (lcollide_api.c), so both backends give the same bits.
 */
#include <math.h>
#include <string.h>

#include "lcollide.h"

static const lc_fn F_VEC3 = {"vec3", 0};

/* The components of collide.vec3(x, y, z) and v:set(x, y, z), from
   argument first: an infinite one is an error where the vector is made
   (issue 31: V(1e400, 0) printed vec3(inf, 0, 0), and the first query to
   see it refused it, far from the typo). A NaN is not: arithmetic makes
   NaNs (and infinities) as IEEE says, and a query names them when it sees
   one. */
static void check_components(lua_State *L, const lc_fn *fn, int first,
                             const collide_vec3 *v) {
  if (v->x == HUGE_VAL || v->x == -HUGE_VAL)
    lc_argerror(L, fn, first, "number is infinite");
  if (v->y == HUGE_VAL || v->y == -HUGE_VAL)
    lc_argerror(L, fn, first + 1, "number is infinite");
  if (v->z == HUGE_VAL || v->z == -HUGE_VAL)
    lc_argerror(L, fn, first + 2, "number is infinite");
}

static int l_vec3(lua_State *L) {
  collide_vec3 v = {0, 0, 0};
  if (lua_gettop(L) > 0) {
    v.x = lc_checknumber(L, &F_VEC3, 1);
    v.y = lc_checknumber(L, &F_VEC3, 2);
    v.z = lc_optnumber(L, &F_VEC3, 3, 0.0);
    check_components(L, &F_VEC3, 1, &v);
  }
  lc_pushvec(L, &v);
  return 1;
}

static int l_is_vec3(lua_State *L) {
  lua_pushboolean(L, lc_tovec3(L, 1) != NULL);
  return 1;
}

/* self of a vec3 method. */
static collide_vec3 *check_self(lua_State *L, const lc_fn *fn) {
  collide_vec3 *p = lc_tovec3(L, 1);
  if (p == NULL) lc_typeerror(L, fn, 1, "vec3");
  return p;
}

/* Which component a key names: 0, 1, 2, or -1. */
static int component_index(lua_State *L, int idx) {
  size_t len;
  const char *k;
  if (lua_type(L, idx) != LUA_TSTRING) return -1;
  k = lua_tolstring(L, idx, &len);
  if (len != 1) return -1;
  switch (k[0]) {
    case 'x': return 0;
    case 'y': return 1;
    case 'z': return 2;
    default: return -1;
  }
}

static double *component(collide_vec3 *v, int i) {
  return i == 0 ? &v->x : (i == 1 ? &v->y : &v->z);
}

static const lc_fn F_INDEX = {"__index", 0};
static const lc_fn F_NEWINDEX = {"__newindex", 0};

static int vec3_index(lua_State *L) {
  collide_vec3 *v = lc_tovec3(L, 1);
  int i = component_index(L, 2);
  if (v == NULL) return lc_typeerror(L, &F_INDEX, 1, "vec3");
  if (i >= 0) {
    lua_pushnumber(L, *component(v, i));
    return 1;
  }
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(LC_UV_METHODS));
  if (lua_isnil(L, -1))   /* v.X, a typo, is an error rather than nil */
    return luaL_error(L, "vec3 has no field '%s' (x, y, z or a method expected)",
                      lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2)
                                                    : luaL_typename(L, 2));
  return 1;
}

static int vec3_newindex(lua_State *L) {
  collide_vec3 *v = lc_tovec3(L, 1);
  int i = component_index(L, 2);
  if (v == NULL) return lc_typeerror(L, &F_NEWINDEX, 1, "vec3");
  if (i < 0) {
    return luaL_error(L, "cannot set field '%s' of vec3 (x, y or z expected)",
                      lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2)
                                                    : luaL_typename(L, 2));
  }
  if (lua_type(L, 3) != LUA_TNUMBER)
    return luaL_error(L, "cannot set vec3.%c (number expected, got %s)",
                      "xyz"[i], lc_typename(L, 3));
  *component(v, i) = (double)lua_tonumber(L, 3);
  return 0;
}

/* Formats a number the same way on every Lua version: %.14g ("1", "0.5",
   "1e+20"), which is what Lua 5.1-5.3 print for floats. */
static int vec3_tostring(lua_State *L) {
  static const lc_fn F = {"__tostring", 0};
  collide_vec3 *v = lc_tovec3(L, 1);
  char x[32], y[32], z[32];
  if (v == NULL) return lc_typeerror(L, &F, 1, "vec3");
  lc_format_number(x, sizeof x, v->x);
  lc_format_number(y, sizeof y, v->y);
  lc_format_number(z, sizeof z, v->z);
  lua_pushfstring(L, "vec3(%s, %s, %s)", x, y, z);
  return 1;
}

static int vec3_add(lua_State *L) {
  static const lc_fn F = {"__add", 0};
  collide_vec3 a, b, r;
  lc_checkvec(L, &F, 1, &a);
  lc_checkvec(L, &F, 2, &b);
  r.x = a.x + b.x; r.y = a.y + b.y; r.z = a.z + b.z;
  lc_pushvec(L, &r);
  return 1;
}

static int vec3_sub(lua_State *L) {
  static const lc_fn F = {"__sub", 0};
  collide_vec3 a, b, r;
  lc_checkvec(L, &F, 1, &a);
  lc_checkvec(L, &F, 2, &b);
  r.x = a.x - b.x; r.y = a.y - b.y; r.z = a.z - b.z;
  lc_pushvec(L, &r);
  return 1;
}

static int vec3_unm(lua_State *L) {
  static const lc_fn F = {"__unm", 0};
  collide_vec3 *a = lc_tovec3(L, 1), r;
  if (a == NULL) return lc_typeerror(L, &F, 1, "vec3");
  r.x = -a->x; r.y = -a->y; r.z = -a->z;
  lc_pushvec(L, &r);
  return 1;
}

/* v * s and s * v; the vector may be on either side. */
static int vec3_mul(lua_State *L) {
  static const lc_fn F = {"__mul", 0};
  int vi = lc_tovec3(L, 1) != NULL ? 1 : 2;
  int si = 3 - vi;
  collide_vec3 *v = lc_tovec3(L, vi), r;
  double s;
  if (lc_tovec3(L, si) != NULL)
    return luaL_error(L, "cannot multiply two vec3 (use dot or cross)");
  if (v == NULL) return lc_typeerror(L, &F, vi, "vec3");
  s = lc_checknumber(L, &F, si);
  r.x = v->x * s; r.y = v->y * s; r.z = v->z * s;
  lc_pushvec(L, &r);
  return 1;
}

static int vec3_div(lua_State *L) {
  static const lc_fn F = {"__div", 0};
  collide_vec3 *v = lc_tovec3(L, 1), r;
  double s;
  if (v == NULL)
    return luaL_error(L, "cannot divide by a vec3 (only vec3 / number)");
  s = lc_checknumber(L, &F, 2);
  r.x = v->x / s; r.y = v->y / s; r.z = v->z / s;
  lc_pushvec(L, &r);
  return 1;
}

static int vec3_eq(lua_State *L) {
  collide_vec3 *a = lc_tovec3(L, 1), *b = lc_tovec3(L, 2);
  lua_pushboolean(L, a != NULL && b != NULL && a->x == b->x && a->y == b->y &&
                         a->z == b->z);
  return 1;
}

static int vec3_unpack(lua_State *L) {
  static const lc_fn F = {"unpack", 1};
  collide_vec3 *a = check_self(L, &F);
  lua_pushnumber(L, a->x);
  lua_pushnumber(L, a->y);
  lua_pushnumber(L, a->z);
  return 3;
}

static int vec3_clone(lua_State *L) {
  static const lc_fn F = {"clone", 1};
  collide_vec3 *a = check_self(L, &F);
  lc_pushvec(L, a);
  return 1;
}

static int vec3_set(lua_State *L) {
  static const lc_fn F = {"set", 1};
  collide_vec3 *a = check_self(L, &F);
  double x = lc_checknumber(L, &F, 2);
  double y = lc_checknumber(L, &F, 3);
  double z = lc_optnumber(L, &F, 4, 0.0);
  collide_vec3 v;
  v.x = x; v.y = y; v.z = z;
  check_components(L, &F, 2, &v);
  *a = v;
  lua_settop(L, 1);
  return 1;
}

static const luaL_Reg vec3_meta[] = {
  {"__newindex", vec3_newindex}, {"__tostring", vec3_tostring},
  {"__add", vec3_add}, {"__sub", vec3_sub}, {"__unm", vec3_unm},
  {"__mul", vec3_mul}, {"__div", vec3_div}, {"__eq", vec3_eq},
  {NULL, NULL}
};

static const luaL_Reg vec3_methods[] = {
  {"unpack", vec3_unpack}, {"clone", vec3_clone}, {"set", vec3_set},
  {NULL, NULL}
};

static const luaL_Reg vec3_funcs[] = {
  {"vec3", l_vec3}, {"is_vec3", l_is_vec3},
  {NULL, NULL}
};

void lc_open_vec3(lua_State *L) {
  lc_filltype(L, LC_MT_VEC3, vec3_meta, vec3_methods, vec3_index);
  lc_setfuncs(L, vec3_funcs, 0);
}
