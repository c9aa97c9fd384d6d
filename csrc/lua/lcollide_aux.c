/*
 * lcollide_aux.c -- the helpers every part of the Lua C-API binding shares:
 * error messages, argument access and type checks, result pushing with
 * out-vectors, and the upvalues every registered function carries. It
 * depends on nothing of the binding above it (lcollide.h, the core's
 * header, the Lua headers).
 *
 * One source for Lua 5.1, 5.2, 5.3, 5.4 and LuaJIT (see lcollide_compat.h).
 * No global state: everything lives in the Lua state (metatables in the
 * registry and in upvalues), so several states can load the module at once.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lcollide.h"

/* ---- errors --------------------------------------------------------------- */

const char *lc_typename(lua_State *L, int idx) {
  const char *name = NULL;
  if (lua_getmetatable(L, idx)) {
    /* raw, as luaL_getmetafield reads it: naming a bad argument runs no
       Lua code (a metatable can have an __index of its own) */
    lua_pushliteral(L, "__name");
    lua_rawget(L, -2);
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

static int has_mt(lua_State *L, int idx, const void *p, const void *mt) {
  int top = lua_gettop(L), same = lc_has_mt_keep(L, idx, p, mt);
  lua_settop(L, top);
  return same;
}

void *lc_toudata(lua_State *L, int idx, int uv) {
  void *p = lc_full_udata(L, idx);
  return has_mt(L, idx, p, lc_upvalue_mt(L, uv)) ? p : NULL;
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

/* The common table vector, {x, y} or {x, y, z} of numbers, read with as
   few Lua API calls as it takes (each costs a few ns, and a table vector
   cost 19 of them through lc_toudata and table_component: a query's three
   vectors were most of collide.bump's box query on the C API): the three
   entries pushed at once, their types, their values, one pop. 0 when it
   is anything else (named fields, a non-number), left to the general
   reading and its errors. idx > 0. */
static int table_vec_fast(lua_State *L, int idx, collide_vec3 *out) {
  int ok;
#if LUA_VERSION_NUM >= 503
  ok = lua_rawgeti(L, idx, 1) == LUA_TNUMBER;
  ok = (lua_rawgeti(L, idx, 2) == LUA_TNUMBER) && ok;
  (void)lua_rawgeti(L, idx, 3);
#else
  lua_rawgeti(L, idx, 1);
  lua_rawgeti(L, idx, 2);
  lua_rawgeti(L, idx, 3);
  ok = lua_type(L, -3) == LUA_TNUMBER && lua_type(L, -2) == LUA_TNUMBER;
#endif
  if (ok) {
    int tz = lua_type(L, -1);
    if (tz == LUA_TNUMBER) out->z = (double)lua_tonumber(L, -1);
    else if (tz == LUA_TNIL) out->z = 0.0;
    else ok = 0;
    out->x = (double)lua_tonumber(L, -3);
    out->y = (double)lua_tonumber(L, -2);
  }
  lua_pop(L, 3);
  return ok;
}

void lc_checkvec(lua_State *L, const lc_fn *fn, int idx, collide_vec3 *out) {
  /* A vec3 first: the hot path, and every Lua API call costs a few ns
     (see `make bench`); then a table of numbers. */
  collide_vec3 *p;
  int t = lua_type(L, idx);
  if (t == LUA_TUSERDATA) {
    p = lc_tovec3(L, idx);
    if (p != NULL) { *out = *p; return; }
  } else if (t == LUA_TTABLE && idx > 0 && table_vec_fast(L, idx, out)) {
    return;
  }
  if (t == LUA_TTABLE) {
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

const collide_polygon *lc_checkpolygon(lua_State *L, const lc_fn *fn, int idx) {
  lc_polygon *p = (lc_polygon *)lc_toudata(L, idx, LC_UV_POLYGON);
  if (p == NULL) lc_typeerror(L, fn, idx, "polygon");
  return &p->poly;
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
  collide_vec3 *p = (collide_vec3 *)lc_full_udata(L, idx);
  if (lc_has_mt_keep(L, idx, p, mt)) return p;
  if (!lua_isnoneornil(L, idx)) lc_typeerror(L, fn, idx, "vec3 (out-vector)");
  return NULL;
}

/* The n out-vectors from idx, checked on every call, hit or miss (issue 31:
   a bad one was noticed only when there was a result to write, so a typo
   showed up on the first hit, frames later): each absent, nil or a vec3. */
void lc_checkouts(lua_State *L, const lc_fn *fn, int idx, int n) {
  int i, top = lua_gettop(L);
  for (i = idx; i < idx + n && i <= top; i++)
    if (!lua_isnil(L, i) && lc_tovec3(L, i) == NULL)
      lc_typeerror(L, fn, i, "vec3 (out-vector)");
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
  collide_vec3 *p = check_out(L, fn, out_idx, lc_upvalue_mt(L, LC_UV_VEC3));
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
  mt = lc_upvalue_mt(L, LC_UV_VEC3);
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

collide_plane *lc_pushplane(lua_State *L, const collide_plane *pl) {
  collide_plane *p = (collide_plane *)lc_newuserdata(L, sizeof *p, 0);
  *p = *pl;
  lua_pushvalue(L, lua_upvalueindex(LC_UV_PLANE));
  lua_setmetatable(L, -2);
  return p;
}

void lc_format_number(char *buf, size_t n, double x) {
  snprintf(buf, n, "%.14g", x);
}

void lc_pushupvalues(lua_State *L) {
  luaL_getmetatable(L, LC_MT_VEC3);
  luaL_getmetatable(L, LC_MT_PLANE);
  luaL_getmetatable(L, LC_MT_POLYGON);
  luaL_getmetatable(L, LC_MT_WORLD);
  lua_pushliteral(L, "face");
  lua_pushliteral(L, "edge");
  lua_pushliteral(L, "vertex");
  luaL_getmetatable(L, LC_MT_CONVEX);
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


void lc_pushmethods(lua_State *L, const char *mt) {
  lua_pushfstring(L, "%s.methods", mt);
  lua_rawget(L, LUA_REGISTRYINDEX);
}

void lc_filltype(lua_State *L, const char *mt, const luaL_Reg *meta,
                 const luaL_Reg *methods, lua_CFunction index) {
  luaL_getmetatable(L, mt);
  if (meta != NULL) lc_setfuncs(L, meta, 0);
  lc_pushmethods(L, mt);
  if (methods != NULL) lc_setfuncs(L, methods, 0);
  if (index != NULL) {
    /* __index = index closure with the method table as its extra upvalue */
    lc_pushupvalues(L);
    lua_pushvalue(L, -(LC_NUV + 1));
    lua_pushcclosure(L, index, LC_NUV + 1);
    lua_setfield(L, -3, "__index");
  }
  lua_pop(L, 2);
}
