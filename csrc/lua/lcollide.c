/*
 * lcollide.c -- the Lua C-API binding: module entry point, argument
 * checking, the vec3 and plane types, and the sphere sweeps.
 *
 * One source for Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT (see lcollide_compat.h).
 * No global state: everything lives in the Lua state (metatables in the
 * registry and in upvalues), so several states can load the module at once.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lcollide.h"

#if defined(__GNUC__) && !defined(_WIN32)
#define LC_EXPORT __attribute__((visibility("default")))
#elif defined(_WIN32)
#define LC_EXPORT __declspec(dllexport)
#else
#define LC_EXPORT
#endif

#define COLLIDE_VERSION "0.1.0"

/* ---- errors --------------------------------------------------------------- */

const char *lc_typename(lua_State *L, int idx) {
  const char *name = NULL;
  if (lua_getmetatable(L, idx)) {
    lua_getfield(L, -1, "__name");
    if (lua_type(L, -1) == LUA_TSTRING) name = lua_tostring(L, -1);
    lua_pop(L, 2);   /* the string stays alive in its metatable */
  }
  if (name != NULL) return name;
  /* A missing argument reads as nil on every backend (see lcollide.h). */
  if (lua_type(L, idx) == LUA_TNONE) return "nil";
  return luaL_typename(L, idx);
}

int lc_argerror(lua_State *L, const lc_fn *fn, int idx, const char *msg) {
  int arg = idx - fn->method;
  if (arg == 0)
    return luaL_error(L, "calling '%s' on bad self (%s)", fn->name, msg);
  return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, fn->name, msg);
}

int lc_typeerror(lua_State *L, const lc_fn *fn, int idx, const char *what) {
  const char *msg = lua_pushfstring(L, "%s expected, got %s", what,
                                    lc_typename(L, idx));
  return lc_argerror(L, fn, idx, msg);
}

int lc_coreerror(lua_State *L, const lc_fn *fn, int code, int first_idx) {
  int arg = collide_error_arg(code);
  return lc_argerror(L, fn, first_idx + arg - 1, collide_error_message(code));
}

/* ---- argument access ------------------------------------------------------ */

double lc_checknumber(lua_State *L, const lc_fn *fn, int idx) {
  if (lua_type(L, idx) != LUA_TNUMBER) lc_typeerror(L, fn, idx, "number");
  return (double)lua_tonumber(L, idx);
}

double lc_optnumber(lua_State *L, const lc_fn *fn, int idx, double def) {
  if (lua_isnoneornil(L, idx)) return def;
  return lc_checknumber(L, fn, idx);
}

/* The block of a full userdata at idx, else NULL. A light userdata is
   refused before its metatable is looked at: debug.setmetatable can give
   every light userdata the vec3 metatable, and its pointer is no vec3. */
static void *full_udata(lua_State *L, int idx) {
  return lua_type(L, idx) == LUA_TUSERDATA ? lua_touserdata(L, idx) : NULL;
}

/* The identity of the module's metatable in upvalue uv. */
static const void *upvalue_mt(lua_State *L, int uv) {
  return lua_topointer(L, lua_upvalueindex(uv));
}

/* Whether the userdata p at idx has the metatable whose identity is mt.
   Two tables are the same object exactly when their addresses are, so
   comparing lua_topointer's answers does what lua_rawequal would without
   its generic comparison; with mt fetched once per call this is about 50
   instructions per argument less on Lua 5.4 (callgrind). Like
   luaL_testudata, it relies on the metatable alone. The metatable is left
   on the stack (one slot at most): callers that check several arguments
   drop them all with one lua_settop, and results are taken from the top. */
static int has_mt_keep(lua_State *L, int idx, const void *p, const void *mt) {
  return p != NULL && lua_getmetatable(L, idx) && lua_topointer(L, -1) == mt;
}

static int has_mt(lua_State *L, int idx, const void *p, const void *mt) {
  int top = lua_gettop(L), same = has_mt_keep(L, idx, p, mt);
  lua_settop(L, top);
  return same;
}

void *lc_toudata(lua_State *L, int idx, int uv) {
  void *p = full_udata(L, idx);
  return has_mt(L, idx, p, upvalue_mt(L, uv)) ? p : NULL;
}

/* Reads component k of a vector table: t[i] first if present, else t.key. */
static int table_component(lua_State *L, int idx, int i, const char *key,
                           int has_array, double def, double *out) {
  int t;
  if (has_array) lua_rawgeti(L, idx, i);
  else {
    lua_pushstring(L, key);
    lua_rawget(L, idx);
  }
  t = lua_type(L, -1);
  if (t == LUA_TNUMBER) *out = (double)lua_tonumber(L, -1);
  else if (t == LUA_TNIL && def == def) *out = def;   /* def is not NaN */
  else { lua_pop(L, 1); return 0; }
  lua_pop(L, 1);
  return 1;
}

void lc_checkvec(lua_State *L, const lc_fn *fn, int idx, collide_vec3 *out) {
  /* A vec3 first, without asking for the type: it is the hot path, and
     every Lua API call costs a few ns (see `make bench`). */
  collide_vec3 *p = lc_tovec3(L, idx);
  if (p != NULL) { *out = *p; return; }
  if (lua_type(L, idx) == LUA_TTABLE) {
    /* {x, y [, z]} when t[1] is present, else {x =, y = [, z =]}. */
    int has_array;
    lua_rawgeti(L, idx, 1);
    has_array = !lua_isnil(L, -1);
    lua_pop(L, 1);
    if (!table_component(L, idx, 1, "x", has_array, NAN, &out->x))
      lc_argerror(L, fn, idx, "vec3 expected, got table with non-number x");
    if (!table_component(L, idx, 2, "y", has_array, NAN, &out->y))
      lc_argerror(L, fn, idx, "vec3 expected, got table with non-number y");
    if (!table_component(L, idx, 3, "z", has_array, 0.0, &out->z))
      lc_argerror(L, fn, idx, "vec3 expected, got table with non-number z");
    return;
  }
  lc_typeerror(L, fn, idx, "vec3");
}

void lc_checkvecs(lua_State *L, const lc_fn *fn, int idx, int n,
                  collide_vec3 *out) {
  const void *mt = upvalue_mt(L, LC_UV_VEC3);
  int i, top = lua_gettop(L);
  /* n <= 6 metatables pile up above the arguments, within the LUA_MINSTACK
     slots that every C function gets; one lua_settop drops them. Slots
     above top are absent arguments (never the metatables there). */
  for (i = 0; i < n; i++) {
    const collide_vec3 *p;
    if (idx + i <= top) {
      p = (const collide_vec3 *)full_udata(L, idx + i);
      if (has_mt_keep(L, idx + i, p, mt)) {
        out[i] = *p;
        continue;
      }
    }
    lua_settop(L, top);
    lc_checkvec(L, fn, idx + i, &out[i]);   /* a table, or an error */
  }
  lua_settop(L, top);
}

/* Element i (1-based) of the array at idx: a vec3, {x, y [, z]} or
   {x =, y = [, z =]}, as lc_checkvec accepts. 0 when it is none of these. */
static int read_element(lua_State *L, int idx, int i, collide_vec3 *out) {
  int ok = 0, t;
  lua_rawgeti(L, idx, i);
  t = lua_type(L, -1);
  if (t == LUA_TUSERDATA) {
    collide_vec3 *v = lc_tovec3(L, -1);
    if (v != NULL) { *out = *v; ok = 1; }
  } else if (t == LUA_TTABLE) {
    int top = lua_gettop(L), has_array;
    lua_rawgeti(L, top, 1);
    has_array = !lua_isnil(L, -1);
    lua_pop(L, 1);
    ok = table_component(L, top, 1, "x", has_array, NAN, &out->x) &&
         table_component(L, top, 2, "y", has_array, NAN, &out->y) &&
         table_component(L, top, 3, "z", has_array, 0.0, &out->z);
  }
  lua_pop(L, 1);
  return ok;
}

void lc_checkvec_at(lua_State *L, const lc_fn *fn, int idx, int i,
                    collide_vec3 *out) {
  if (!read_element(L, idx, i, out)) {
    const char *msg;
    lua_rawgeti(L, idx, i);
    msg = lua_pushfstring(L, "vec3 expected at index %d, got %s", i,
                          lc_typename(L, -1));
    lc_argerror(L, fn, idx, msg);
  }
}

const collide_plane *lc_checkplane(lua_State *L, const lc_fn *fn, int idx) {
  const collide_plane *p = (const collide_plane *)lc_toudata(L, idx, LC_UV_PLANE);
  if (p == NULL) lc_typeerror(L, fn, idx, "plane");
  return p;
}

/* ---- results -------------------------------------------------------------- */

collide_vec3 *lc_pushvec(lua_State *L, const collide_vec3 *v) {
  collide_vec3 *p = (collide_vec3 *)lc_newuserdata(L, sizeof(collide_vec3), 0);
  *p = *v;
  lua_pushvalue(L, lua_upvalueindex(LC_UV_VEC3));
  lua_setmetatable(L, -2);
  return p;
}

/* The out-vector at idx: the vec3 there (mt: the identity of its
   metatable), or NULL when idx holds nil or nothing; anything else is an
   error. Leaves a slot on the stack, as has_mt_keep does. */
static collide_vec3 *check_out(lua_State *L, const lc_fn *fn, int idx,
                               const void *mt) {
  collide_vec3 *p = (collide_vec3 *)full_udata(L, idx);
  if (has_mt_keep(L, idx, p, mt)) return p;
  if (!lua_isnoneornil(L, idx)) lc_typeerror(L, fn, idx, "vec3 (out-vector)");
  return NULL;
}

/* Pushes v in the out-vector p (at idx) when there is one, else in a new
   vec3. */
static void push_into(lua_State *L, collide_vec3 *p, int idx,
                      const collide_vec3 *v) {
  if (p != NULL) {
    *p = *v;
    lua_pushvalue(L, idx);
  } else {
    lc_pushvec(L, v);
  }
}

void lc_pushvec_out(lua_State *L, const lc_fn *fn, int out_idx,
                    const collide_vec3 *v) {
  /* (callers that push results before this one first make the slot nil
     with lua_settop: a result there is not an out-vector) */
  int top = lua_gettop(L);
  collide_vec3 *p = check_out(L, fn, out_idx, upvalue_mt(L, LC_UV_VEC3));
  lua_settop(L, top);   /* callers return the results above their own */
  push_into(L, p, out_idx, v);
}

void lc_pushfeature(lua_State *L, int feature) {
  if (feature >= COLLIDE_FEATURE_FACE && feature <= COLLIDE_FEATURE_VERTEX)
    lua_pushvalue(L, lua_upvalueindex(LC_UV_FACE + feature - COLLIDE_FEATURE_FACE));
  else
    lua_pushstring(L, collide_feature_name(feature));
}

int lc_pushhit(lua_State *L, const lc_fn *fn, int code, const collide_hit *h,
               int first_idx, int out_idx) {
  int top = lua_gettop(L);
  const void *mt;
  collide_vec3 *po = NULL, *no = NULL;
  if (code < 0) return lc_coreerror(L, fn, code, first_idx);
  if (code == 0) {
    lua_pushboolean(L, 0);
    return 1;
  }
  /* The out-vectors are filled first, in order, so a bad normal out-vector
     is reported after the point was written, as on the FFI backend; slots
     above the arguments are absent ones. The results are pushed last: they
     are the top 5, whatever the checks left below them. */
  mt = upvalue_mt(L, LC_UV_VEC3);
  if (out_idx <= top && (po = check_out(L, fn, out_idx, mt)) != NULL)
    *po = h->point;
  if (out_idx + 1 <= top && (no = check_out(L, fn, out_idx + 1, mt)) != NULL)
    *no = h->normal;
  lua_pushboolean(L, 1);
  lua_pushnumber(L, h->u);
  if (po != NULL) lua_pushvalue(L, out_idx);
  else lc_pushvec(L, &h->point);
  if (no != NULL) lua_pushvalue(L, out_idx + 1);
  else lc_pushvec(L, &h->normal);
  lc_pushfeature(L, h->feature);
  return 5;
}

void lc_pushupvalues(lua_State *L) {
  luaL_getmetatable(L, "vec3");
  luaL_getmetatable(L, "plane");
  luaL_getmetatable(L, "polygon");
  luaL_getmetatable(L, "world");
  lua_pushliteral(L, "face");
  lua_pushliteral(L, "edge");
  lua_pushliteral(L, "vertex");
}

void lc_setfuncs(lua_State *L, const luaL_Reg *l, int extra_idx) {
  int i;
  if (extra_idx < 0) extra_idx = lua_gettop(L) + extra_idx + 1;
  for (; l->name != NULL; l++) {
    lc_pushupvalues(L);
    i = LC_NUV;
    if (extra_idx != 0) {
      lua_pushvalue(L, extra_idx);
      i++;
    }
    lua_pushcclosure(L, l->func, i);
    lua_setfield(L, -2, l->name);
  }
}

/* ---- vec3 ----------------------------------------------------------------- */

static const lc_fn F_VEC3 = {"vec3", 0};

static int l_vec3(lua_State *L) {
  collide_vec3 v = {0, 0, 0};
  if (lua_gettop(L) > 0) {
    v.x = lc_checknumber(L, &F_VEC3, 1);
    v.y = lc_checknumber(L, &F_VEC3, 2);
    v.z = lc_optnumber(L, &F_VEC3, 3, 0.0);
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
static void format_number(char *buf, size_t n, double x) {
  snprintf(buf, n, "%.14g", x);
}

static int vec3_tostring(lua_State *L) {
  static const lc_fn F = {"__tostring", 0};
  collide_vec3 *v = lc_tovec3(L, 1);
  char x[32], y[32], z[32];
  if (v == NULL) return lc_typeerror(L, &F, 1, "vec3");
  format_number(x, sizeof x, v->x);
  format_number(y, sizeof y, v->y);
  format_number(z, sizeof z, v->z);
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

static int vec3_dot(lua_State *L) {
  static const lc_fn F = {"dot", 1};
  collide_vec3 *a = check_self(L, &F), b;
  lc_checkvec(L, &F, 2, &b);
  lua_pushnumber(L, a->x * b.x + a->y * b.y + a->z * b.z);
  return 1;
}

static int vec3_cross(lua_State *L) {
  static const lc_fn F = {"cross", 1};
  collide_vec3 *a = check_self(L, &F), b, r;
  lc_checkvec(L, &F, 2, &b);
  r.x = a->y * b.z - a->z * b.y;
  r.y = a->z * b.x - a->x * b.z;
  r.z = a->x * b.y - a->y * b.x;
  lc_pushvec_out(L, &F, 3, &r);
  return 1;
}

static int vec3_length(lua_State *L) {
  static const lc_fn F = {"length", 1};
  collide_vec3 *a = check_self(L, &F);
  lua_pushnumber(L, sqrt(a->x * a->x + a->y * a->y + a->z * a->z));
  return 1;
}

static int vec3_length_squared(lua_State *L) {
  static const lc_fn F = {"length_squared", 1};
  collide_vec3 *a = check_self(L, &F);
  lua_pushnumber(L, a->x * a->x + a->y * a->y + a->z * a->z);
  return 1;
}

static int vec3_normalize(lua_State *L) {
  static const lc_fn F = {"normalize", 1};
  collide_vec3 *a = check_self(L, &F), r = {0, 0, 0};
  double len = sqrt(a->x * a->x + a->y * a->y + a->z * a->z);
  if (len > 0) {   /* the zero vector stays zero */
    r.x = a->x / len; r.y = a->y / len; r.z = a->z / len;
  }
  lc_pushvec_out(L, &F, 2, &r);
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
  a->x = x; a->y = y; a->z = z;
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
  {"dot", vec3_dot}, {"cross", vec3_cross}, {"length", vec3_length},
  {"length_squared", vec3_length_squared}, {"normalize", vec3_normalize},
  {"unpack", vec3_unpack}, {"clone", vec3_clone}, {"set", vec3_set},
  {NULL, NULL}
};

/* ---- plane ---------------------------------------------------------------- */

static collide_plane *push_plane(lua_State *L, const collide_plane *pl) {
  collide_plane *p = (collide_plane *)lc_newuserdata(L, sizeof *p, 0);
  *p = *pl;
  lua_pushvalue(L, lua_upvalueindex(LC_UV_PLANE));
  lua_setmetatable(L, -2);
  return p;
}

static int l_plane(lua_State *L) {
  static const lc_fn F = {"plane", 0};
  collide_vec3 n;
  collide_plane pl;
  double d;
  int code;
  lc_checkvec(L, &F, 1, &n);
  d = lc_checknumber(L, &F, 2);
  code = collide_plane_make(&pl, &n, d);
  if (code < 0) return lc_coreerror(L, &F, code, 1);
  push_plane(L, &pl);
  return 1;
}

static int l_plane_from_point_normal(lua_State *L) {
  static const lc_fn F = {"plane_from_point_normal", 0};
  collide_vec3 p, n;
  collide_plane pl;
  int code;
  lc_checkvec(L, &F, 1, &p);
  lc_checkvec(L, &F, 2, &n);
  code = collide_plane_from_point_normal(&pl, &p, &n);
  if (code < 0) return lc_coreerror(L, &F, code, 1);
  push_plane(L, &pl);
  return 1;
}

static int l_plane_from_points(lua_State *L) {
  static const lc_fn F = {"plane_from_points", 0};
  collide_vec3 a, b, c;
  collide_plane pl;
  int code;
  lc_checkvec(L, &F, 1, &a);
  lc_checkvec(L, &F, 2, &b);
  lc_checkvec(L, &F, 3, &c);
  code = collide_plane_from_points(&pl, &a, &b, &c);
  if (code < 0) return lc_coreerror(L, &F, code, 1);
  push_plane(L, &pl);
  return 1;
}

static int plane_index(lua_State *L) {
  const collide_plane *p = lc_checkplane(L, &F_INDEX, 1);
  if (lua_type(L, 2) == LUA_TSTRING) {
    const char *k = lua_tostring(L, 2);
    if (strcmp(k, "normal") == 0) { lc_pushvec(L, &p->normal); return 1; }
    if (strcmp(k, "d") == 0) { lua_pushnumber(L, p->d); return 1; }
  }
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(LC_UV_METHODS));
  return 1;
}

/* Planes are immutable: a query can rely on the unit normal it was built
   with. */
static int plane_newindex(lua_State *L) {
  return luaL_error(L, "planes are read-only (make a new one with "
                       "collide.plane)");
}

static int plane_tostring(lua_State *L) {
  static const lc_fn F = {"__tostring", 0};
  const collide_plane *p = lc_checkplane(L, &F, 1);
  char x[32], y[32], z[32], d[32];
  format_number(x, sizeof x, p->normal.x);
  format_number(y, sizeof y, p->normal.y);
  format_number(z, sizeof z, p->normal.z);
  format_number(d, sizeof d, p->d);
  lua_pushfstring(L, "plane(vec3(%s, %s, %s), %s)", x, y, z, d);
  return 1;
}

static int plane_distance(lua_State *L) {
  static const lc_fn F = {"distance", 1};
  const collide_plane *p = lc_checkplane(L, &F, 1);
  collide_vec3 q;
  double dist;
  int code;
  lc_checkvec(L, &F, 2, &q);
  code = collide_plane_distance(p, &q, &dist);
  if (code < 0) return lc_coreerror(L, &F, code, 2);
  lua_pushnumber(L, dist);
  return 1;
}

static const luaL_Reg plane_meta[] = {
  {"__newindex", plane_newindex}, {"__tostring", plane_tostring},
  {NULL, NULL}
};

static const luaL_Reg plane_methods[] = {
  {"distance", plane_distance},
  {NULL, NULL}
};

/* ---- sphere sweeps -------------------------------------------------------- */

static int l_sweep_sphere_sphere(lua_State *L) {
  static const lc_fn F = {"sweep_sphere_sphere", 0};
  collide_vec3 a[2], b[2];
  collide_interval out;
  double ra = lc_checknumber(L, &F, 1), rb;
  int code;
  lc_checkvecs(L, &F, 2, 2, a);
  rb = lc_checknumber(L, &F, 4);
  lc_checkvecs(L, &F, 5, 2, b);
  code = collide_sweep_sphere_sphere(ra, &a[0], &a[1], rb, &b[0], &b[1], &out);
  if (code < 0) return lc_coreerror(L, &F, code, 1);
  if (code == 0) {
    lua_pushboolean(L, 0);
    return 1;
  }
  lua_pushboolean(L, 1);
  lua_pushnumber(L, out.u0);
  lua_pushnumber(L, out.u1);
  return 3;
}

static int l_test_sphere_sphere(lua_State *L) {
  static const lc_fn F = {"test_sphere_sphere", 0};
  collide_vec3 a[2], b[2];
  double ra = lc_checknumber(L, &F, 1), rb;
  int code;
  lc_checkvecs(L, &F, 2, 2, a);
  rb = lc_checknumber(L, &F, 4);
  lc_checkvecs(L, &F, 5, 2, b);
  code = collide_test_sphere_sphere(ra, &a[0], &a[1], rb, &b[0], &b[1]);
  if (code < 0) return lc_coreerror(L, &F, code, 1);
  lua_pushboolean(L, code);
  return 1;
}

static int l_sweep_sphere_plane(lua_State *L) {
  static const lc_fn F = {"sweep_sphere_plane", 0};
  collide_vec3 c[2];
  collide_hit h;
  double r = lc_checknumber(L, &F, 1);
  const collide_plane *pl;
  lc_checkvecs(L, &F, 2, 2, c);
  pl = lc_checkplane(L, &F, 4);
  return lc_pushhit(L, &F, collide_sweep_sphere_plane(r, &c[0], &c[1], pl, &h),
                    &h, 1, 5);
}

static int l_raycast_plane(lua_State *L) {
  static const lc_fn F = {"raycast_plane", 0};
  collide_vec3 p[2];
  collide_hit h;
  const collide_plane *pl;
  lc_checkvecs(L, &F, 1, 2, p);
  pl = lc_checkplane(L, &F, 3);
  return lc_pushhit(L, &F, collide_raycast_plane(&p[0], &p[1], pl, &h), &h, 1, 4);
}

/* ---- helpers -------------------------------------------------------------- */

static int l_lerp(lua_State *L) {
  static const lc_fn F = {"lerp", 0};
  collide_vec3 a, b, r;
  double u;
  lc_checkvec(L, &F, 1, &a);
  lc_checkvec(L, &F, 2, &b);
  u = lc_checknumber(L, &F, 3);
  r.x = a.x + (b.x - a.x) * u;
  r.y = a.y + (b.y - a.y) * u;
  r.z = a.z + (b.z - a.z) * u;
  lc_pushvec_out(L, &F, 4, &r);
  return 1;
}

/* v - k (v.n) n: k = 2 reflects (bounce), k = 1 removes the normal part
   (slide). n is used as given; pass a unit normal. */
static int project(lua_State *L, const lc_fn *fn, double k) {
  collide_vec3 v, n, r;
  double s;
  lc_checkvec(L, fn, 1, &v);
  lc_checkvec(L, fn, 2, &n);
  s = k * (v.x * n.x + v.y * n.y + v.z * n.z);
  r.x = v.x - s * n.x;
  r.y = v.y - s * n.y;
  r.z = v.z - s * n.z;
  lc_pushvec_out(L, fn, 3, &r);
  return 1;
}

static int l_reflect(lua_State *L) {
  static const lc_fn F = {"reflect", 0};
  return project(L, &F, 2.0);
}

static int l_slide(lua_State *L) {
  static const lc_fn F = {"slide", 0};
  return project(L, &F, 1.0);
}

static const luaL_Reg module_funcs[] = {
  {"vec3", l_vec3}, {"is_vec3", l_is_vec3},
  {"plane", l_plane}, {"plane_from_point_normal", l_plane_from_point_normal},
  {"plane_from_points", l_plane_from_points},
  {"sweep_sphere_sphere", l_sweep_sphere_sphere},
  {"test_sphere_sphere", l_test_sphere_sphere},
  {"sweep_sphere_plane", l_sweep_sphere_plane},
  {"raycast_plane", l_raycast_plane},
  {"lerp", l_lerp}, {"reflect", l_reflect}, {"slide", l_slide},
  {NULL, NULL}
};

/* ---- module --------------------------------------------------------------- */

/* Fills the metatable named tname: metamethods, and __index as a closure
   over the method table. */
static void setup_type(lua_State *L, const char *tname, const luaL_Reg *meta,
                       const luaL_Reg *methods, lua_CFunction index) {
  luaL_getmetatable(L, tname);
  lc_setfuncs(L, meta, 0);
  lua_newtable(L);
  lc_setfuncs(L, methods, 0);
  /* __index = index closure with the method table as its extra upvalue */
  lc_pushupvalues(L);
  lua_pushvalue(L, -(LC_NUV + 1));
  lua_pushcclosure(L, index, LC_NUV + 1);
  lua_setfield(L, -3, "__index");
  lua_pop(L, 2);
}

LC_EXPORT int luaopen_collide_core(lua_State *L);

LC_EXPORT int luaopen_collide_core(lua_State *L) {
  static const char *const types[] = {"vec3", "plane", "polygon", "world"};
  int i;
#if LUA_VERSION_NUM >= 502
  /* A module built for another Lua (say 5.3 headers, loaded by 5.4) fails
     here with a message instead of misreading the state. */
  luaL_checkversion(L);
#endif
  /* The metatables exist first so that every function can capture them. */
  for (i = 0; i < 4; i++) {
    luaL_newmetatable(L, types[i]);
    lua_pushstring(L, types[i]);
    lua_setfield(L, -2, "__name");     /* 5.1/5.2 do not set it */
    lua_pop(L, 1);
  }
  setup_type(L, "vec3", vec3_meta, vec3_methods, vec3_index);
  setup_type(L, "plane", plane_meta, plane_methods, plane_index);

  lua_newtable(L);
  lc_setfuncs(L, module_funcs, 0);
  lc_open_shapes(L);
  lc_open_world(L);
  lua_pushliteral(L, COLLIDE_VERSION);
  lua_setfield(L, -2, "_VERSION");
  lua_pushnumber(L, COLLIDE_MAX_COORD);
  lua_setfield(L, -2, "max_coord");
  return 1;
}
