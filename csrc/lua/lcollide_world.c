/*
 * lcollide_world.c -- the Lua C-API binding of the world (csrc/collide_world.c):
 * collide.world(), its methods, and collide.sweep_pairs.
 *
 * A world userdata holds a pointer to the core's collide_world. The Lua
 * values kept with the shapes (w:add_*(..., data)) live in the userdata's
 * user value, a table id -> data (the environment table on 5.1/LuaJIT), so
 * they are collected with the world and never seen by the core.
 *
 * Filters: the core calls back a C function for each shape that would
 * become the answer; it calls the Lua filter under lua_pcall (a Lua error
 * must not unwind through the core, which holds the world locked during a
 * query) and, on error, aborts the query and re-raises the error after the
 * core has returned.
 */
#include <string.h>

#include "lcollide.h"

typedef struct lc_world { collide_world *w; } lc_world;

#define FILTER_ABORT (-0x7fff0000)

static collide_world *check_world(lua_State *L, const lc_fn *fn) {
  lc_world *p = (lc_world *)lc_toudata(L, 1, LC_UV_WORLD);
  if (p == NULL) {
    lc_typeerror(L, fn, 1, "world");
    return NULL;
  }
  if (p->w == NULL) lc_argerror(L, fn, 1, "world is closed");
  return p->w;
}

/* Errors of the core; those of no argument (memory, locked) are plain. */
static int world_error(lua_State *L, const lc_fn *fn, int code) {
  if (collide_error_arg(code) == 0)
    return luaL_error(L, "%s: %s", fn->name, collide_error_message(code));
  return lc_coreerror(L, fn, code, 1);
}

/* ---- construction, shapes, data ----------------------------------------- */

static int l_world(lua_State *L) {
  lc_world *p = (lc_world *)lc_newuserdata(L, sizeof(lc_world), 1);
  p->w = NULL;
  lua_pushvalue(L, lua_upvalueindex(LC_UV_WORLD));
  lua_setmetatable(L, -2);
  lua_newtable(L);
  lc_setuservalue(L, -2);
  p->w = collide_world_new();
  if (p->w == NULL) return luaL_error(L, "world: not enough memory");
  return 1;
}

/* The collector calls this once a world is unreachable; a script can call
   it too (getmetatable(w).__gc), so it checks its argument like any method:
   another userdata must not be taken for a world, and a world must not be
   freed under a query that is walking it (from a filter). Afterwards the
   world is closed: methods refuse it. */
static int world_gc(lua_State *L) {
  static const lc_fn F = {"__gc", 0};
  lc_world *p = (lc_world *)lc_toudata(L, 1, LC_UV_WORLD);
  if (p == NULL) return lc_typeerror(L, &F, 1, "world");
  if (p->w != NULL) {
    if (collide_world_locked(p->w))
      return luaL_error(L, "__gc: world is locked during a query");
    collide_world_free(p->w);
    p->w = NULL;
  }
  return 0;
}

static int world_tostring(lua_State *L) {
  static const lc_fn F = {"__tostring", 0};
  lc_world *p = (lc_world *)lc_toudata(L, 1, LC_UV_WORLD);
  if (p == NULL) return lc_typeerror(L, &F, 1, "world");
  if (p->w == NULL) lua_pushliteral(L, "world(closed)");
  else lua_pushfstring(L, "world(%d shapes)", collide_world_count(p->w));
  return 1;
}

/* Keeps data (stack index data_idx, may be none) with the new id. */
static int added(lua_State *L, const lc_fn *fn, int id, int data_idx) {
  if (id < 0) return world_error(L, fn, id);
  if (!lua_isnoneornil(L, data_idx)) {
    lc_getuservalue(L, 1);
    lua_pushvalue(L, data_idx);
    lua_rawseti(L, -2, id);
    lua_pop(L, 1);
  }
  lua_pushinteger(L, id);
  return 1;
}

static int w_add_triangle(lua_State *L) {
  static const lc_fn F = {"add_triangle", 1};
  collide_world *w = check_world(L, &F);
  collide_vec3 a, b, c;
  lc_checkvec(L, &F, 2, &a);
  lc_checkvec(L, &F, 3, &b);
  lc_checkvec(L, &F, 4, &c);
  return added(L, &F, collide_world_add_triangle(w, &a, &b, &c), 5);
}

/* A polygon object (its vertices are read through polygon:vertices(), so
   this file does not depend on the polygon userdata's layout), or, as a
   convenience, an array of 3 or more vectors. */
static int w_add_polygon(lua_State *L) {
  static const lc_fn F = {"add_polygon", 1};
  collide_world *w = check_world(L, &F);
  collide_polygon poly;
  collide_vec3 *v;
  int n, i, code, arr = 2;
  if (lua_type(L, 2) == LUA_TUSERDATA && lua_getmetatable(L, 2)) {
    int same = lua_rawequal(L, -1, lua_upvalueindex(LC_UV_POLYGON));
    lua_pop(L, 1);
    if (!same) lc_typeerror(L, &F, 2, "polygon");
    lua_getfield(L, 2, "vertices");
    lua_pushvalue(L, 2);
    lua_call(L, 1, 1);
    arr = lua_gettop(L);
  } else if (lua_type(L, 2) != LUA_TTABLE) {
    lc_typeerror(L, &F, 2, "polygon");
  }
  n = (int)lc_rawlen(L, arr);
  if (n < 3) return lc_argerror(L, &F, 2, collide_reason_message(COLLIDE_E_FEW_VERTICES));
  v = (collide_vec3 *)lc_newuserdata(L, (size_t)n * sizeof *v, 0);
  for (i = 0; i < n; i++) lc_checkvec_at(L, &F, arr, i + 1, &v[i]);
  code = collide_polygon_init(v, n, &poly);
  if (code < 0) return lc_argerror(L, &F, 2, collide_error_message(code));
  return added(L, &F, collide_world_add_polygon(w, &poly), 3);
}

static int w_add_aabb(lua_State *L) {
  static const lc_fn F = {"add_aabb", 1};
  collide_world *w = check_world(L, &F);
  collide_vec3 c, e;
  lc_checkvec(L, &F, 2, &c);
  lc_checkvec(L, &F, 3, &e);
  return added(L, &F, collide_world_add_aabb(w, &c, &e), 4);
}

static int w_add_sphere(lua_State *L) {
  static const lc_fn F = {"add_sphere", 1};
  collide_world *w = check_world(L, &F);
  collide_vec3 c;
  double r;
  lc_checkvec(L, &F, 2, &c);
  r = lc_checknumber(L, &F, 3);
  return added(L, &F, collide_world_add_sphere(w, &c, r), 4);
}

static int w_add_segment(lua_State *L) {
  static const lc_fn F = {"add_segment", 1};
  collide_world *w = check_world(L, &F);
  collide_vec3 a, b;
  lc_checkvec(L, &F, 2, &a);
  lc_checkvec(L, &F, 3, &b);
  return added(L, &F, collide_world_add_segment(w, &a, &b), 4);
}

static int w_add_plane(lua_State *L) {
  static const lc_fn F = {"add_plane", 1};
  collide_world *w = check_world(L, &F);
  const collide_plane *p = lc_checkplane(L, &F, 2);
  return added(L, &F, collide_world_add_plane(w, p), 3);
}

/* An id argument: an integral number, else 0 (no shape has it). */
static int check_id(lua_State *L, const lc_fn *fn, int idx) {
  double x = lc_checknumber(L, fn, idx);
  return (x >= 1 && x <= 2147483647.0 && x == (double)(int)x) ? (int)x : 0;
}

static int w_remove(lua_State *L) {
  static const lc_fn F = {"remove", 1};
  collide_world *w = check_world(L, &F);
  int id = check_id(L, &F, 2), code = id ? collide_world_remove(w, id) : 0;
  if (code < 0) return world_error(L, &F, code);
  if (code) {
    lc_getuservalue(L, 1);
    lua_pushnil(L);
    lua_rawseti(L, -2, id);
    lua_pop(L, 1);
  }
  lua_pushboolean(L, code);
  return 1;
}

static int w_data(lua_State *L) {
  static const lc_fn F = {"data", 1};
  collide_world *w = check_world(L, &F);
  int id = check_id(L, &F, 2);
  if (!id || collide_world_kind(w, id) == COLLIDE_SHAPE_NONE) {
    lua_pushnil(L);
    return 1;
  }
  lc_getuservalue(L, 1);
  lua_rawgeti(L, -1, id);
  return 1;
}

static int w_count(lua_State *L) {
  static const lc_fn F = {"count", 1};
  lua_pushinteger(L, collide_world_count(check_world(L, &F)));
  return 1;
}

/* w:build(): builds the hierarchy now (else the next query does). */
static int w_build(lua_State *L) {
  static const lc_fn F = {"build", 1};
  int code = collide_world_build(check_world(L, &F));
  if (code < 0) return world_error(L, &F, code);
  lua_pushvalue(L, 1);
  return 1;
}

/* ---- queries ------------------------------------------------------------- */

/* State of a Lua filter call: the filter at fidx, the data table at didx,
   a slot at eidx for an error raised by the filter. */
typedef struct lfilter {
  lua_State *L;
  int fidx, didx, eidx;
} lfilter;

static int call_filter(void *ctx, int id) {
  lfilter *f = (lfilter *)ctx;
  lua_State *L = f->L;
  int keep;
  lua_pushvalue(L, f->fidx);
  lua_pushinteger(L, id);
  lua_rawgeti(L, f->didx, id);
  if (lua_pcall(L, 2, 1, 0) != 0) {
    lua_replace(L, f->eidx);
    return FILTER_ABORT;
  }
  keep = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return keep;
}

/* Prepares f for an optional filter at idx; returns the callback or NULL.
   Pushes two slots (the data table, the error slot). */
static collide_world_filter opt_filter(lua_State *L, const lc_fn *fn, int idx,
                                       lfilter *f) {
  lc_getuservalue(L, 1);
  f->didx = lua_gettop(L);
  lua_pushnil(L);
  f->eidx = lua_gettop(L);
  f->L = L;
  f->fidx = idx;
  if (lua_isnoneornil(L, idx)) return NULL;
  if (lua_type(L, idx) != LUA_TFUNCTION) lc_typeerror(L, fn, idx, "function");
  return call_filter;
}

static int push_world_hit(lua_State *L, const lc_fn *fn, int code,
                          const collide_hit *h, int id, const lfilter *f,
                          int out_idx) {
  if (code == FILTER_ABORT) {
    lua_pushvalue(L, f->eidx);
    return lua_error(L);
  }
  if (code < 0) return world_error(L, fn, code);
  if (code == 0) {
    lua_pushboolean(L, 0);
    return 1;
  }
  lc_pushhit(L, fn, code, h, 1, out_idx);
  lua_pushinteger(L, id);
  return 6;
}

/* w:sweep_sphere(r, c0, c1 [, filter [, point_out, normal_out]]) */
static int w_sweep_sphere(lua_State *L) {
  static const lc_fn F = {"sweep_sphere", 1};
  collide_world *w = check_world(L, &F);
  collide_vec3 c0, c1;
  collide_hit h;
  lfilter f;
  collide_world_filter fn;
  double r = lc_checknumber(L, &F, 2);
  int id, code;
  lc_checkvec(L, &F, 3, &c0);
  lc_checkvec(L, &F, 4, &c1);
  lua_settop(L, 7);
  fn = opt_filter(L, &F, 5, &f);
  code = collide_world_sweep_sphere(w, r, &c0, &c1, fn, &f, &h, &id);
  return push_world_hit(L, &F, code, &h, id, &f, 6);
}

/* w:raycast(p0, p1 [, filter [, point_out, normal_out]]) */
static int w_raycast(lua_State *L) {
  static const lc_fn F = {"raycast", 1};
  collide_world *w = check_world(L, &F);
  collide_vec3 p0, p1;
  collide_hit h;
  lfilter f;
  collide_world_filter fn;
  int id, code;
  lc_checkvec(L, &F, 2, &p0);
  lc_checkvec(L, &F, 3, &p1);
  lua_settop(L, 6);
  fn = opt_filter(L, &F, 4, &f);
  code = collide_world_raycast(w, &p0, &p1, fn, &f, &h, &id);
  return push_world_hit(L, &F, code, &h, id, &f, 5);
}

/* w:overlap_sphere(center, r) -> array of ids, ascending */
static int w_overlap_sphere(lua_State *L) {
  static const lc_fn F = {"overlap_sphere", 1};
  collide_world *w = check_world(L, &F);
  collide_vec3 c;
  int small[64], *ids = small, n, i;
  double r;
  lc_checkvec(L, &F, 2, &c);
  r = lc_checknumber(L, &F, 3);
  n = collide_world_overlap_sphere(w, &c, r, ids, 64);
  if (n < 0) return world_error(L, &F, n);
  if (n > 64) {
    ids = (int *)lc_newuserdata(L, (size_t)n * sizeof *ids, 0);
    n = collide_world_overlap_sphere(w, &c, r, ids, n);
  }
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_pushinteger(L, ids[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ---- the mover ----------------------------------------------------------- */

/* options.key as a number, or leaves *out when absent. */
static void opt_field_number(lua_State *L, const lc_fn *fn, int idx,
                             const char *key, double *out) {
  lua_getfield(L, idx, key);
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) != LUA_TNUMBER) {
      lua_pushfstring(L, "options.%s: number expected, got %s", key,
                      lc_typename(L, -1));
      lc_argerror(L, fn, idx, lua_tostring(L, -1));
    }
    *out = (double)lua_tonumber(L, -1);
  }
  lua_pop(L, 1);
}

/* The vector at the top of the stack, options.key: a vec3 or a table
   {x, y [, z]} / {x =, y = [, z =]}; errors name the options argument. */
static void opt_vec(lua_State *L, const lc_fn *fn, int idx, const char *key,
                    collide_vec3 *out) {
  const collide_vec3 *v = lc_tovec3(L, -1);
  double c[3] = {0, 0, 0};
  int named, k, ok = 1;
  if (v != NULL) {
    *out = *v;
    return;
  }
  if (lua_type(L, -1) == LUA_TTABLE) {
    static const char *const names[] = {"x", "y", "z"};
    lua_rawgeti(L, -1, 1);
    named = lua_isnil(L, -1);   /* no [1]: named fields */
    lua_pop(L, 1);
    for (k = 0; k < 3 && ok; k++) {
      if (named) lua_getfield(L, -1, names[k]);
      else lua_rawgeti(L, -1, k + 1);
      if (lua_type(L, -1) == LUA_TNUMBER) c[k] = (double)lua_tonumber(L, -1);
      else if (!(k == 2 && lua_isnil(L, -1))) ok = 0;
      lua_pop(L, 1);
    }
    if (ok) {
      out->x = c[0]; out->y = c[1]; out->z = c[2];
      return;
    }
  }
  lua_pushfstring(L, "options.%s: vec3 expected, got %s", key, lc_typename(L, -1));
  lc_argerror(L, fn, idx, lua_tostring(L, -1));
}

/* w:move_sphere(r, from, to [, options [, position_out]])
   -> position, contacts, grounded */
static int w_move_sphere(lua_State *L) {
  static const lc_fn F = {"move_sphere", 1};
  static const char *const responses[] = {"slide", "bounce", "stop", NULL};
  collide_world *w = check_world(L, &F);
  collide_move_options o;
  collide_vec3 from, to, pos;
  collide_contact small[16], *cts = small;
  collide_world_filter fn = NULL;
  lfilter f;
  double r = lc_checknumber(L, &F, 2), x;
  int i, n, grounded, code, cap = 16;
  lc_checkvec(L, &F, 3, &from);
  lc_checkvec(L, &F, 4, &to);
  lua_settop(L, 6);
  collide_move_options_init(&o);
  lua_pushnil(L);                      /* 7: the filter, if any */
  if (!lua_isnil(L, 5)) {
    if (lua_type(L, 5) != LUA_TTABLE) lc_typeerror(L, &F, 5, "table");
    x = o.max_iterations;
    opt_field_number(L, &F, 5, "max_iterations", &x);
    if (!(x >= 1)) return lc_argerror(L, &F, 5, collide_reason_message(COLLIDE_E_BAD_ITERATIONS));
    o.max_iterations = x > 1e6 ? 1000000 : (int)x;
    opt_field_number(L, &F, 5, "restitution", &o.restitution);
    opt_field_number(L, &F, 5, "max_slope", &o.max_slope);
    opt_field_number(L, &F, 5, "skin", &o.skin);
    lua_getfield(L, 5, "response");
    if (!lua_isnil(L, -1)) {
      const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
      for (i = 0; responses[i] && strcmp(responses[i], s) != 0; i++) {}
      if (!responses[i])
        lc_argerror(L, &F, 5, "options.response must be 'slide', 'bounce' or 'stop'");
      o.response = i;   /* COLLIDE_RESPONSE_* in this order */
    }
    lua_pop(L, 1);
    lua_getfield(L, 5, "up");
    if (!lua_isnil(L, -1)) {
      opt_vec(L, &F, 5, "up", &o.up);
      o.use_up = 1;
    }
    lua_pop(L, 1);
    lua_getfield(L, 5, "filter");
    if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TFUNCTION)
      lc_argerror(L, &F, 5, "options.filter: function expected");
    lua_replace(L, 7);
  }
  fn = opt_filter(L, &F, 7, &f);
  if (o.max_iterations > cap) {
    /* one contact per round at most; a move touching more than 256
       surfaces reports its first 256 */
    cap = o.max_iterations < 256 ? o.max_iterations : 256;
    cts = (collide_contact *)lc_newuserdata(L, (size_t)cap * sizeof *cts, 0);
  }
  code = collide_world_move_sphere(w, r, &from, &to, &o, fn, &f, &pos, cts,
                                   cap, &n, &grounded);
  if (code == FILTER_ABORT) {
    lua_pushvalue(L, f.eidx);
    return lua_error(L);
  }
  if (code < 0) return world_error(L, &F, code);
  lc_pushvec_out(L, &F, 6, &pos);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, cts[i].id);
    lua_setfield(L, -2, "id");
    lc_pushvec(L, &cts[i].point);
    lua_setfield(L, -2, "point");
    lc_pushvec(L, &cts[i].normal);
    lua_setfield(L, -2, "normal");
    lua_pushnumber(L, cts[i].u);
    lua_setfield(L, -2, "u");
    lc_pushfeature(L, cts[i].feature);
    lua_setfield(L, -2, "feature");
    lua_rawseti(L, -2, i + 1);
  }
  if (grounded < 0) lua_pushnil(L);
  else lua_pushboolean(L, grounded);
  return 3;
}

/* ---- many moving spheres ------------------------------------------------- */

/* collide.sweep_pairs(radii, starts, ends [, out]) -> out, count
   radii: one number for all, or an array. out (a new table unless given) is
   flat: out[3k-2], out[3k-1], out[3k] = i, j, u0 of the k-th pair, i < j
   (1-based), sorted by (i, j); entries after the last pair are cleared. */
static int l_sweep_pairs(lua_State *L) {
  static const lc_fn F = {"sweep_pairs", 0};
  double *radii;
  collide_vec3 *s0, *s1;
  collide_pair *out;
  void *scratch;
  int n, i, count, cap, old;
  if (lua_type(L, 2) != LUA_TTABLE) lc_typeerror(L, &F, 2, "table");
  if (lua_type(L, 3) != LUA_TTABLE) lc_typeerror(L, &F, 3, "table");
  if (lua_type(L, 1) != LUA_TNUMBER && lua_type(L, 1) != LUA_TTABLE)
    lc_typeerror(L, &F, 1, "number or table");
  if (!lua_isnoneornil(L, 4) && lua_type(L, 4) != LUA_TTABLE)
    lc_typeerror(L, &F, 4, "table");
  lua_settop(L, 4);
  n = (int)lc_rawlen(L, 2);
  if ((int)lc_rawlen(L, 3) != n)
    return lc_argerror(L, &F, 3, "starts and ends differ in length");
  if (lua_type(L, 1) == LUA_TTABLE && (int)lc_rawlen(L, 1) != n)
    return lc_argerror(L, &F, 1, "radii and starts differ in length");
  radii = (double *)lc_newuserdata(L, (size_t)(n + 1) * sizeof *radii, 0);
  s0 = (collide_vec3 *)lc_newuserdata(L, (size_t)(n + 1) * sizeof *s0, 0);
  s1 = (collide_vec3 *)lc_newuserdata(L, (size_t)(n + 1) * sizeof *s1, 0);
  scratch = lc_newuserdata(L, (size_t)collide_sweep_pairs_scratch_size(n) + 1, 0);
  for (i = 0; i < n; i++) {
    if (lua_type(L, 1) == LUA_TNUMBER) radii[i] = (double)lua_tonumber(L, 1);
    else {
      lua_rawgeti(L, 1, i + 1);
      if (lua_type(L, -1) != LUA_TNUMBER)
        lc_argerror(L, &F, 1, "array of numbers expected");
      radii[i] = (double)lua_tonumber(L, -1);
      lua_pop(L, 1);
    }
    lc_checkvec_at(L, &F, 2, i + 1, &s0[i]);
    lc_checkvec_at(L, &F, 3, i + 1, &s1[i]);
  }
  cap = 4 * n + 16;
  out = (collide_pair *)lc_newuserdata(L, (size_t)cap * sizeof *out, 0);
  count = collide_sweep_pairs(n, radii, s0, s1, scratch, out, cap);
  if (count < 0) return lc_coreerror(L, &F, count, 1);
  if (count > cap) {
    cap = count;
    out = (collide_pair *)lc_newuserdata(L, (size_t)cap * sizeof *out, 0);
    count = collide_sweep_pairs(n, radii, s0, s1, scratch, out, cap);
  }
  if (lua_isnil(L, 4)) {
    lua_createtable(L, 3 * count, 0);
    old = 0;
  } else {
    lua_pushvalue(L, 4);
    old = (int)lc_rawlen(L, -1);
  }
  for (i = 0; i < count; i++) {
    lua_pushinteger(L, out[i].i + 1);
    lua_rawseti(L, -2, 3 * i + 1);
    lua_pushinteger(L, out[i].j + 1);
    lua_rawseti(L, -2, 3 * i + 2);
    lua_pushnumber(L, out[i].u0);
    lua_rawseti(L, -2, 3 * i + 3);
  }
  for (i = old; i > 3 * count; i--) {
    lua_pushnil(L);
    lua_rawseti(L, -2, i);
  }
  lua_pushinteger(L, count);
  return 2;
}

/* ---- registration -------------------------------------------------------- */

static const luaL_Reg world_methods[] = {
  {"add_triangle", w_add_triangle}, {"add_polygon", w_add_polygon},
  {"add_aabb", w_add_aabb}, {"add_sphere", w_add_sphere},
  {"add_segment", w_add_segment}, {"add_plane", w_add_plane},
  {"remove", w_remove}, {"data", w_data}, {"count", w_count},
  {"build", w_build},
  {"sweep_sphere", w_sweep_sphere}, {"raycast", w_raycast},
  {"overlap_sphere", w_overlap_sphere}, {"move_sphere", w_move_sphere},
  {NULL, NULL}
};

static const luaL_Reg world_meta[] = {
  {"__gc", world_gc}, {"__tostring", world_tostring}, {NULL, NULL}
};

static const luaL_Reg world_funcs[] = {
  {"world", l_world}, {"sweep_pairs", l_sweep_pairs}, {NULL, NULL}
};

void lc_open_world(lua_State *L) {
  /* module table at the top */
  lc_setfuncs(L, world_funcs, 0);
  lc_filltype(L, LC_MT_WORLD, world_meta, world_methods, NULL);
  luaL_getmetatable(L, LC_MT_WORLD);
  lc_pushmethods(L, LC_MT_WORLD);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
}
