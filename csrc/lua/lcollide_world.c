/*
 * lcollide_world.c -- the Lua C-API binding of the world
 * (csrc/core/collide_world.c): collide.world(), its methods, and
 * collide.sweep_pairs.
 *
 * A world userdata holds a pointer to the core's collide_world. The Lua
 * values kept with the shapes (w:add_*(..., data)) live in the userdata's
 * user value, a table id -> data (the environment table on 5.1/LuaJIT), so
 * they are collected with the world and never seen by the core.
 *
 * Filters are a Lua function or an integer mask. A mask goes to the core
 * as collide_world_layer_filter and never calls Lua. A function: for the
 * sweeps and rays, the core calls back a C function for each shape that
 * would become the answer; it calls the Lua filter under lua_pcall (a Lua
 * error must not unwind through the core, which holds the world locked
 * during a query) and, on error, aborts the query and re-raises the error
 * after the core has returned. For the lists (raycast_all, overlaps) the
 * core lists every shape and the function is called here, in the order of
 * the list, on what it returned.
 *
 * The plain methods -- add_<shape>, overlap_<shape>, the sweeps and
 * raycast -- are made from the list LC_API_WORLD_METHODS of
 * lcollide_api.h, as the FFI backend's are (lua/collide/ffi_world.lua).
 */
#include <math.h>
#include <string.h>

#include "lcollide.h"
#include "lcollide_api.h"

/* lock counts the binding's own sections that run Lua outside a core
   query (a list filter, an options table's metamethods): while it is not
   zero, as while the core's query runs (collide_world_locked), nothing
   changes the world or frees it. Each such section runs under lua_pcall,
   so an error cannot leave the world locked. */
typedef struct lc_world { collide_world *w; int lock; } lc_world;

/* How deep the Lua callbacks of world methods are nested (a filter that
   queries with a filter ...), shared by every world of a Lua state and its
   coroutines: one userdata in the registry under LC_STATE, an upvalue of
   every world method (LC_UV_STATE). Each level holds a C frame of
   the method and of lua_pcall; LuaJIT's C API has no limit of its own and
   overflows the C stack at about 1,500 levels. */
typedef struct lc_state { int depth; } lc_state;
#define LC_STATE "collide.state"
#define LC_MAX_NESTING 100

/* The world methods' upvalues after the module's: the lc_state, then the
   two helpers of a move made once (options_reader, new_normal), then the
   free list of the batch queries' buffers (LC_MANY_POOL). */
#define LC_UV_STATE LC_UV_METHODS
#define LC_UV_OPTIONS_READER (LC_UV_METHODS + 1)
#define LC_UV_NEW_NORMAL (LC_UV_METHODS + 2)
#define LC_UV_MANY_POOL (LC_UV_METHODS + 3)
#define LC_NUV_WORLD (LC_NUV + 4)
#define LC_MANY_POOL "collide.many_pool"

/* What a callback run from the core returns instead of an answer: the
   error is in the filter's error slot (FILTER_ABORT, FILTER_BAD_RESPONSE)
   or is the nesting limit (FILTER_TOO_DEEP); the method raises it once the
   core has returned (nothing may unwind through the core). */
#define FILTER_ABORT (-0x7fff0000)
#define FILTER_BAD_RESPONSE (FILTER_ABORT + 1)
#define FILTER_TOO_DEEP (FILTER_ABORT + 2)

static lc_world *check_world_ud(lua_State *L, const lc_fn *fn) {
  lc_world *p = (lc_world *)lc_toudata(L, 1, LC_UV_WORLD);
  if (p == NULL) {
    lc_typeerror(L, fn, 1, "world");
    return NULL;
  }
  if (p->w == NULL) lc_argerror(L, fn, 1, "world is closed");
  return p;
}

/* The world of a method (self). A method calls it again after anything
   that can run Lua (a metamethod, or an allocation and so a finalizer)
   rather than keep the pointer across it. */
static collide_world *check_world(lua_State *L, const lc_fn *fn) {
  return check_world_ud(L, fn)->w;
}

static int is_locked(const lc_world *p) {
  return p->lock > 0 || collide_world_locked(p->w);
}

static int locked_error(lua_State *L, const lc_fn *fn) {
  return luaL_error(L, "%s: %s", fn->name,
                    collide_reason_message(COLLIDE_E_LOCKED));
}

/* The world of a method that changes it: not while it is locked. */
static collide_world *check_world_mut(lua_State *L, const lc_fn *fn) {
  lc_world *p = check_world_ud(L, fn);
  if (is_locked(p)) locked_error(L, fn);
  return p->w;
}

/* Errors of the core; those of no argument (memory, locked) are plain. */
static int world_error(lua_State *L, const lc_fn *fn, int code) {
  if (collide_error_arg(code) == 0)
    return luaL_error(L, "%s: %s", fn->name, collide_error_message(code));
  return lc_coreerror(L, fn, code, 1);
}

/* n vector arguments from idx on, into out[0..n-1], checked in order. */
static void check_vecs(lua_State *L, const lc_fn *fn, int idx, int n,
                       collide_vec3 *out) {
  int i;
  for (i = 0; i < n; i++) lc_checkvec(L, fn, idx + i, &out[i]);
}

/* ---- construction, shapes, data ----------------------------------------- */

static int l_world(lua_State *L) {
  lc_world *p = (lc_world *)lc_newuserdata(L, sizeof(lc_world), 1);
  p->w = NULL;
  p->lock = 0;
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
    if (is_locked(p)) return locked_error(L, &F);
    collide_world_free(p->w);
    p->w = NULL;
  }
  return 0;
}

/* The kinds by their COLLIDE_KIND_* number, as w:get names them. */
static const char *const kind_names[] = {
  "none", "triangle", "polygon", "aabb", "sphere", "segment", "plane", "capsule",
  "convex"
};

static int world_tostring(lua_State *L) {
  static const lc_fn F = {"__tostring", 0};
  lc_world *p = (lc_world *)lc_toudata(L, 1, LC_UV_WORLD);
  if (p == NULL) return lc_typeerror(L, &F, 1, "world");
  if (p->w == NULL) lua_pushliteral(L, "world(closed)");
  else {
    /* world(5 shapes: 3 aabb, 2 sphere): the counts by kind, in the order
       of kind_names (issue 31: what a REPL shows of a world) */
    int count[sizeof kind_names / sizeof kind_names[0]] = {0};
    int id = 0, k, n = 1;
    while ((id = collide_world_next(p->w, id)) > 0) {
      k = collide_world_kind(p->w, id);
      if (k > 0 && k < (int)(sizeof count / sizeof count[0])) count[k]++;
    }
    lua_pushfstring(L, "world(%d shapes", collide_world_count(p->w));
    for (k = 1; k < (int)(sizeof count / sizeof count[0]); k++) {
      if (count[k] == 0) continue;
      lua_pushfstring(L, "%s%d %s", n == 1 ? ": " : ", ", count[k], kind_names[k]);
      n++;
    }
    lua_pushliteral(L, ")");
    lua_concat(L, n + 1);
  }
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

/* A polygon object, read from its userdata (never through a method a
   script could reach), or, as a convenience, an array of 3 or more
   vectors, read raw; *poly refers to vertices in a userdata on the stack
   (the polygon argument itself, or a new one). Runs no Lua code but may
   allocate (and so run a finalizer): callers fetch the world afterwards. */
static void check_polygon_arg(lua_State *L, const lc_fn *fn, int idx,
                              collide_polygon *poly) {
  collide_vec3 *v;
  int n, i, code;
  if (lua_type(L, idx) == LUA_TUSERDATA) {
    *poly = *lc_checkpolygon(L, fn, idx);   /* validated when made */
    return;
  }
  if (lua_type(L, idx) != LUA_TTABLE) lc_typeerror(L, fn, idx, "polygon");
  n = (int)lc_rawlen(L, idx);
  if (n < 3) lc_argerror(L, fn, idx, collide_reason_message(COLLIDE_E_FEW_VERTICES));
  v = (collide_vec3 *)lc_newuserdata(L, (size_t)n * sizeof *v, 0);
  for (i = 0; i < n; i++) lc_checkvec_at(L, fn, idx, i + 1, &v[i]);
  code = collide_polygon_init(v, collide_polygon_open_count(v, n), poly);
  if (code < 0) lc_argerror(L, fn, idx, collide_error_message(code));
}

static int w_add_polygon(lua_State *L) {
  static const lc_fn F = {"add_polygon", 1};
  collide_polygon poly;
  (void)check_world_mut(L, &F);
  lua_settop(L, 3);
  check_polygon_arg(L, &F, 2, &poly);
  return added(L, &F, collide_world_add_polygon(check_world_mut(L, &F), &poly), 3);
}

/* Keeps data (stack index data_idx, may be nil) with ids first .. first+n-1
   and returns first_id, last_id (add_mesh, add_tiles, add_outline). */
static int added_range(lua_State *L, int first, int n, int data_idx) {
  int i;
  if (!lua_isnil(L, data_idx) && n > 0) {
    lc_getuservalue(L, 1);
    for (i = 0; i < n; i++) {
      lua_pushvalue(L, data_idx);
      lua_rawseti(L, -2, first + i);
    }
    lua_pop(L, 1);
  }
  lua_pushinteger(L, first);
  lua_pushinteger(L, first + n - 1);
  return 2;
}

/* add_mesh's error for triangle t (0-based) of the indices at 3, naming
   it and its indices as given: "triangle 123456 (indices 7, 8, 9) is
   degenerate", "triangle 2 (indices 1, 2, 5): index 5 is out of range"
   (ix: the 0-based indices, -1 where out of range; the table's values
   were checked as whole numbers and read again raw, nothing having run
   since). The same words as ffi_world.lua's mesh_error. */
static int mesh_error(lua_State *L, const lc_fn *fn, int code, int t,
                      const int *ix) {
  char num[3][32];
  int k, out = -1;
  for (k = 0; k < 3; k++) {
    lua_rawgeti(L, 3, 3 * t + k + 1);
    lc_format_number(num[k], sizeof num[k], (double)lua_tonumber(L, -1));
    lua_pop(L, 1);
    if (out < 0 && ix[3 * t + k] < 0) out = k;
  }
  if (collide_error_reason(code) == COLLIDE_E_DEGENERATE_TRIANGLE || out < 0)
    lua_pushfstring(L, "triangle %d (indices %s, %s, %s) is degenerate", t + 1,
                    num[0], num[1], num[2]);
  else
    lua_pushfstring(L, "triangle %d (indices %s, %s, %s): index %s is out of range",
                    t + 1, num[0], num[1], num[2], num[out]);
  return lc_argerror(L, fn, 3, lua_tostring(L, -1));
}

/* w:add_mesh(vertices, indices [, data]) -> first_id, last_id */
static int w_add_mesh(lua_State *L) {
  static const lc_fn F = {"add_mesh", 1};
  collide_world *w;
  collide_vec3 *v;
  int *ix, nv, ni, i, first, n;
  (void)check_world_mut(L, &F);   /* (checked again before the core call) */
  lua_settop(L, 4);
  if (lua_type(L, 2) != LUA_TTABLE) lc_typeerror(L, &F, 2, "table");
  if (lua_type(L, 3) != LUA_TTABLE) lc_typeerror(L, &F, 3, "table");
  nv = (int)lc_rawlen(L, 2);
  ni = (int)lc_rawlen(L, 3);
  if (ni % 3 != 0) lc_argerror(L, &F, 3, "number of indices is not a multiple of 3");
  v = (collide_vec3 *)lc_newuserdata(L, (size_t)(nv + 1) * sizeof *v, 0);
  ix = (int *)lc_newuserdata(L, (size_t)(ni + 1) * sizeof *ix, 0);
  for (i = 0; i < nv; i++) lc_checkvec_at(L, &F, 2, i + 1, &v[i]);
  for (i = 0; i < ni; i++) {
    double x;
    lua_rawgeti(L, 3, i + 1);
    x = lua_type(L, -1) == LUA_TNUMBER ? (double)lua_tonumber(L, -1) : 0.5;
    /* whole and finite (0.5: not a number); not x != (long long)x, which
       is undefined behaviour for an x beyond long long's range (1e300, inf) */
    if (!(x == floor(x) && fabs(x) != HUGE_VAL)) {
      lua_pushfstring(L, "integer expected at index %d, got %s", i + 1,
                      lua_type(L, -1) == LUA_TNUMBER ? "number" : lc_typename(L, -1));
      lc_argerror(L, &F, 3, lua_tostring(L, -1));
    }
    lua_pop(L, 1);
    /* 1-based in Lua; out of range stays out of range */
    ix[i] = x >= 1 && x <= nv ? (int)x - 1 : -1;
  }
  w = check_world_mut(L, &F);   /* (the allocations above ran the collector) */
  n = collide_world_add_mesh(w, v, nv, ix, ni, &first);
  if (n < 0 && first >= 0) return mesh_error(L, &F, n, first, ix);
  if (n < 0) return world_error(L, &F, n);
  return added_range(L, first, n, 4);
}

/* w:add_tiles(grid, size [, origin [, data]]) -> first_id, last_id.
   grid: an array of rows, each an array of numbers (0 or absent: empty),
   read raw; size a vector or a number (square tiles). The same checks
   and words as ffi_world.lua's add_tiles. */
static int w_add_tiles(lua_State *L) {
  static const lc_fn F = {"add_tiles", 1};
  collide_vec3 size, origin = {0, 0, 0};
  unsigned char *cells;
  int rows, cols = 0, r, c, first, n;
  (void)check_world_mut(L, &F);   /* (checked again before the core call) */
  lua_settop(L, 5);
  if (lua_type(L, 2) != LUA_TTABLE) lc_typeerror(L, &F, 2, "table");
  if (lua_type(L, 3) == LUA_TNUMBER) {
    double x = (double)lua_tonumber(L, 3);
    size.x = size.y = x;
    size.z = 0;
  } else {
    lc_checkvec(L, &F, 3, &size);
  }
  if (!lua_isnil(L, 4)) lc_checkvec(L, &F, 4, &origin);
  rows = (int)lc_rawlen(L, 2);
  for (r = 1; r <= rows; r++) {
    lua_rawgeti(L, 2, r);
    if (lua_type(L, -1) != LUA_TTABLE) {
      lua_pushfstring(L, "table expected at row %d, got %s", r, lc_typename(L, -1));
      lc_argerror(L, &F, 2, lua_tostring(L, -1));
    }
    if ((int)lc_rawlen(L, -1) > cols) cols = (int)lc_rawlen(L, -1);
    lua_pop(L, 1);
  }
  if (rows > 0 && (size_t)cols > ((size_t)-1 / 2) / (size_t)rows)
    lc_argerror(L, &F, 2, "grid too large");
  cells = (unsigned char *)lc_newuserdata(L, (size_t)rows * (size_t)cols + 1, 0);
  for (r = 0; r < rows; r++) {
    int len;
    lua_rawgeti(L, 2, r + 1);
    len = (int)lc_rawlen(L, -1);
    for (c = 0; c < cols; c++) {
      double x = 0;
      if (c < len) {
        lua_rawgeti(L, -1, c + 1);
        if (lua_type(L, -1) == LUA_TNUMBER) x = (double)lua_tonumber(L, -1);
        else if (!lua_isnil(L, -1)) {
          lua_pushfstring(L, "number expected at row %d, column %d, got %s", r + 1,
                          c + 1, lc_typename(L, -1));
          lc_argerror(L, &F, 2, lua_tostring(L, -1));
        }
        if (x != x) {
          lua_pushfstring(L, "number is NaN at row %d, column %d", r + 1, c + 1);
          lc_argerror(L, &F, 2, lua_tostring(L, -1));
        }
        lua_pop(L, 1);
      }
      cells[(size_t)r * (size_t)cols + (size_t)c] = x != 0;
    }
    lua_pop(L, 1);
  }
  n = collide_world_add_tiles(check_world_mut(L, &F), cells, rows, cols, &size,
                              &origin, &first);
  if (n < 0) return world_error(L, &F, n);
  return added_range(L, first, n, 5);
}

/* w:add_outline(points [, data]) -> first_id, last_id. A crossing is
   named by its edges' points as given (1-based) and where they meet:
   "outline crosses itself: edge 2-3 meets edge 5-6 at (4, 0)". The same
   words as ffi_world.lua's add_outline. */
static int w_add_outline(lua_State *L) {
  static const lc_fn F = {"add_outline", 1};
  collide_vec3 *v, at = {0, 0, 0};
  int n, i, first, where[2];
  (void)check_world_mut(L, &F);
  lua_settop(L, 3);
  if (lua_type(L, 2) != LUA_TTABLE) lc_typeerror(L, &F, 2, "table");
  n = (int)lc_rawlen(L, 2);
  v = (collide_vec3 *)lc_newuserdata(L, (size_t)(n + 1) * sizeof *v, 0);
  for (i = 0; i < n; i++) lc_checkvec_at(L, &F, 2, i + 1, &v[i]);
  n = collide_world_add_outline(check_world_mut(L, &F), v, n, &first, where, &at);
  if (n < 0 && where[0] >= 0) {
    char x[32], y[32], z[32];
    int count = (int)lc_rawlen(L, 2);
    /* (a closing point equal to the first was dropped: edges count the rest) */
    int m = count - (v[count - 1].x == v[0].x && v[count - 1].y == v[0].y &&
                     v[count - 1].z == v[0].z);
    lc_format_number(x, sizeof x, at.x);
    lc_format_number(y, sizeof y, at.y);
    lc_format_number(z, sizeof z, at.z);
    lua_pushfstring(L, "outline crosses itself: edge %d-%d meets edge %d-%d at (%s, %s%s%s)",
                    where[0] + 1, (where[0] + 1) % m + 1, where[1] + 1,
                    (where[1] + 1) % m + 1, x, y, at.z != 0 ? ", " : "",
                    at.z != 0 ? z : "");
    return lc_argerror(L, &F, 2, lua_tostring(L, -1));
  }
  if (n < 0) return world_error(L, &F, n);
  return added_range(L, first, n, 3);
}

/* An id argument: an integral number, else 0 (no shape has it). */
static int check_id(lua_State *L, const lc_fn *fn, int idx) {
  double x = lc_checknumber(L, fn, idx);
  return (x >= 1 && x <= 2147483647.0 && x == (double)(int)x) ? (int)x : 0;
}

static int w_remove(lua_State *L) {
  static const lc_fn F = {"remove", 1};
  collide_world *w = check_world_mut(L, &F);
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
  int code = collide_world_build(check_world_mut(L, &F));
  if (code < 0) return world_error(L, &F, code);
  lua_pushvalue(L, 1);
  return 1;
}

/* w:_next_id([id]) -> the id the next shape added gets; with id, moves it
   on to id first (the ids skipped are never given). Internal: what
   w:save and collide.load (lua/collide/persist.lua) restore ids with. */
static int w__next_id(lua_State *L) {
  static const lc_fn F = {"_next_id", 1};
  if (!lua_isnoneornil(L, 2)) {
    double x = lc_checknumber(L, &F, 2);
    collide_world *w = check_world_mut(L, &F);
    int code = (x >= 1 && x <= 2147483646.0 && x == floor(x))
                 ? collide_world_set_next_id(w, (int)x)
                 : -(2 * 256 + COLLIDE_E_BAD_INDEX);
    if (code < 0) return world_error(L, &F, code);
  }
  lua_pushinteger(L, collide_world_next_id(check_world(L, &F)));
  return 1;
}

/* w:save() -> string: lua/collide/persist.lua, which both backends share
   (the FFI backend's save calls it too). */
static int w_save(lua_State *L) {
  static const lc_fn F = {"save", 1};
  (void)check_world(L, &F);
  lua_settop(L, 1);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "collide.persist");
  lua_call(L, 1, 1);
  lua_getfield(L, -1, "save");
  lua_pushvalue(L, 1);
  lua_call(L, 1, 1);
  return 1;
}

/* ---- shapes that change and move ------------------------------------------- */


/* w:update(id, ...) -> true | false: the arguments of the shape's add_*. */
static int w_update(lua_State *L) {
  static const lc_fn F = {"update", 1};
  collide_world *w = check_world_mut(L, &F);
  int id = check_id(L, &F, 2), kind = id ? collide_world_kind(w, id) : 0, code = 0;
  collide_vec3 v[3];
  collide_polygon poly;
  switch (kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    check_vecs(L, &F, 3, 3, v);
    code = collide_world_update_triangle(w, id, &v[0], &v[1], &v[2]);
    break;
  case COLLIDE_SHAPE_POLYGON:
    lua_settop(L, 3);
    check_polygon_arg(L, &F, 3, &poly);
    code = collide_world_update_polygon(check_world_mut(L, &F), id, &poly);
    break;
  case COLLIDE_SHAPE_AABB:
    check_vecs(L, &F, 3, 2, v);
    code = collide_world_update_aabb(w, id, &v[0], &v[1]);
    break;
  case COLLIDE_SHAPE_SPHERE:
    lc_checkvec(L, &F, 3, &v[0]);
    code = collide_world_update_sphere(w, id, &v[0], lc_checknumber(L, &F, 4));
    break;
  case COLLIDE_SHAPE_SEGMENT:
    check_vecs(L, &F, 3, 2, v);
    code = collide_world_update_segment(w, id, &v[0], &v[1]);
    break;
  case COLLIDE_SHAPE_CAPSULE:
    check_vecs(L, &F, 3, 2, v);
    code = collide_world_update_capsule(w, id, &v[0], &v[1], lc_checknumber(L, &F, 5));
    break;
  case COLLIDE_SHAPE_PLANE:
    code = collide_world_update_plane(w, id, lc_checkplane(L, &F, 3));
    break;
  case COLLIDE_SHAPE_CONVEX: {
    const collide_convex *h = lc_checkconvex(L, &F, 3);
    collide_rotation rot;
    lc_checkvec(L, &F, 4, &v[0]);
    lc_checkrotation(L, &F, 5, &rot);
    /* (the checks may run Lua code, a metamethod: the world again) */
    code = collide_world_update_convex(check_world_mut(L, &F), id, h, &v[0], &rot);
    break;
  }
  default:
    break;
  }
  if (code < 0) return world_error(L, &F, code);
  lua_pushboolean(L, code);
  return 1;
}

static void push_plane(lua_State *L, const collide_plane *p) {
  collide_plane *pl = (collide_plane *)lc_newuserdata(L, sizeof *pl, 0);
  *pl = *p;
  lua_pushvalue(L, lua_upvalueindex(LC_UV_PLANE));
  lua_setmetatable(L, -2);
}

/* w:get(id) -> kind, ... (the arguments of its add_*) | nil */
static int w_get(lua_State *L) {
  static const lc_fn F = {"get", 1};
  collide_world *w = check_world(L, &F);
  int id = check_id(L, &F, 2);
  collide_world_shape g;
  if (!id || !collide_world_get(w, id, &g)) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, kind_names[g.kind]);
  switch (g.kind) {
  case COLLIDE_SHAPE_TRIANGLE:
    lc_pushvec(L, &g.a);
    lc_pushvec(L, &g.b);
    lc_pushvec(L, &g.c);
    return 4;
  case COLLIDE_SHAPE_POLYGON:
    /* A new polygon object with a copy of the vertices. They live in the
       world, which the allocation may change (a finalizer can remove or
       update the shape and so free them): allocate first, then look the
       shape up again and copy with nothing allocated in between. */
    for (;;) {
      int n = g.polygon.count;
      lc_polygon *p = lc_newpolygon(L, n);
      if (!collide_world_get(check_world(L, &F), id, &g)) {
        lua_pushnil(L);   /* removed meanwhile */
        return 1;
      }
      if (g.polygon.count == n) {   /* (ids are never reused: a polygon) */
        memcpy(p->vertices, g.polygon.vertices, (size_t)n * sizeof *p->vertices);
        p->poly = g.polygon;
        p->poly.vertices = p->vertices;
        break;
      }
      lua_pop(L, 1);   /* updated to another size meanwhile */
    }
    lc_polygon_finish(L);
    return 2;
  case COLLIDE_SHAPE_SPHERE:
    lc_pushvec(L, &g.a);
    lua_pushnumber(L, g.r);
    return 3;
  case COLLIDE_SHAPE_CAPSULE:
    lc_pushvec(L, &g.a);
    lc_pushvec(L, &g.b);
    lua_pushnumber(L, g.r);
    return 4;
  case COLLIDE_SHAPE_PLANE:
    push_plane(L, &g.plane);
    return 2;
  case COLLIDE_SHAPE_CONVEX:
    /* A new convex object with a copy of the hull, which lives in the
       world: allocate first, then look the shape up again and copy with
       nothing allocated in between (as for a polygon). The rotation as
       it was given: an angle, or a new table {w, x, y, z}. */
    for (;;) {
      int need = collide_convex_copy(g.convex, NULL, 0);
      void *block = lc_pushconvex(L, need);
      if (!collide_world_get(check_world(L, &F), id, &g) ||
          g.kind != COLLIDE_SHAPE_CONVEX) {
        lua_pushnil(L);   /* removed meanwhile */
        return 1;
      }
      if (collide_convex_copy(g.convex, NULL, 0) == need) {
        collide_convex_copy(g.convex, block, need);
        break;
      }
      lua_pop(L, 1);   /* updated to another hull meanwhile */
    }
    lc_pushvec(L, &g.a);
    if (g.rot.is_angle) {
      lua_pushnumber(L, g.rot.angle);
    } else {
      lua_createtable(L, 0, 4);
      lua_pushnumber(L, g.rot.w);
      lua_setfield(L, -2, "w");
      lua_pushnumber(L, g.rot.x);
      lua_setfield(L, -2, "x");
      lua_pushnumber(L, g.rot.y);
      lua_setfield(L, -2, "y");
      lua_pushnumber(L, g.rot.z);
      lua_setfield(L, -2, "z");
    }
    return 4;
  default:   /* aabb, segment */
    lc_pushvec(L, &g.a);
    lc_pushvec(L, &g.b);
    return 3;
  }
}

/* The iterator of w:shapes(): (w, id) -> next id, kind, data */
static int shapes_next(lua_State *L) {
  static const lc_fn F = {"shapes", 1};
  collide_world *w = check_world(L, &F);
  int id = collide_world_next(w, (int)lua_tointeger(L, 2));
  if (id <= 0) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushinteger(L, id);
  lua_pushstring(L, kind_names[collide_world_kind(w, id)]);
  lc_getuservalue(L, 1);
  lua_rawgeti(L, -1, id);
  lua_remove(L, -2);
  return 3;
}

/* w:shapes() -> iterator, w, 0 */
static int w_shapes(lua_State *L) {
  static const lc_fn F = {"shapes", 1};
  (void)check_world(L, &F);
  lc_pushupvalues(L);
  lua_pushcclosure(L, shapes_next, LC_NUV);
  lua_pushvalue(L, 1);
  lua_pushinteger(L, 0);
  return 3;
}

/* An integer in [0, 2^31) at idx, else the error `reason` there. */
static int check_bits(lua_State *L, const lc_fn *fn, int idx, int reason) {
  double x;
  if (lua_type(L, idx) != LUA_TNUMBER) lc_typeerror(L, fn, idx, "number");
  x = (double)lua_tonumber(L, idx);
  if (!(x >= 0 && x < 2147483648.0 && x == (double)(long)x))
    lc_argerror(L, fn, idx, collide_reason_message(reason));
  return (int)x;
}

static int w_set_layers(lua_State *L) {
  static const lc_fn F = {"set_layers", 1};
  collide_world *w = check_world_mut(L, &F);
  int id = check_id(L, &F, 2), bits = check_bits(L, &F, 3, COLLIDE_E_BAD_LAYERS);
  int code = id ? collide_world_set_layers(w, id, bits) : 0;
  if (code < 0) return world_error(L, &F, code);
  lua_pushboolean(L, code);
  return 1;
}

static int w_layers(lua_State *L) {
  static const lc_fn F = {"layers", 1};
  collide_world *w = check_world(L, &F);
  int id = check_id(L, &F, 2), bits = id ? collide_world_layers(w, id) : -1;
  if (bits < 0) lua_pushnil(L);
  else lua_pushinteger(L, bits);
  return 1;
}

static int w_set_velocity(lua_State *L) {
  static const lc_fn F = {"set_velocity", 1};
  collide_world *w = check_world_mut(L, &F);
  int id = check_id(L, &F, 2), code;
  collide_vec3 d;
  lc_checkvec(L, &F, 3, &d);
  if (id) code = collide_world_set_velocity(w, id, &d);
  else if ((code = collide_check_vec3(&d)) != 0) code = -(3 * 256 + code);
  if (code < 0) return world_error(L, &F, code);
  lua_pushboolean(L, code);
  return 1;
}

/* w:velocity(id [, out]) -> vec3 | nil */
static int w_velocity(lua_State *L) {
  static const lc_fn F = {"velocity", 1};
  collide_world *w = check_world(L, &F);
  int id = check_id(L, &F, 2);
  collide_vec3 d;
  lc_checkouts(L, &F, 3, 1);
  if (!id || !collide_world_velocity(w, id, &d)) {
    lua_pushnil(L);
    return 1;
  }
  lua_settop(L, 3);
  lc_pushvec_out(L, &F, 3, &d);
  return 1;
}

/* w:set_spin(id, rot_delta) -> true | false (unknown id) */
static int w_set_spin(lua_State *L) {
  static const lc_fn F = {"set_spin", 1};
  collide_world *w;
  int id, code;
  collide_rotation r;
  (void)check_world_mut(L, &F);   /* (self first, as every method) */
  id = check_id(L, &F, 2);
  lc_checkrotation(L, &F, 3, &r);
  /* (the rotation's fields may run Lua code, a metamethod: the world
     again) */
  w = check_world_mut(L, &F);
  /* (an id that is no shape's still has its rotation checked: -1) */
  code = collide_world_set_spin(w, id ? id : -1, &r);
  if (code < 0) return world_error(L, &F, code);
  lua_pushboolean(L, code);
  return 1;
}

/* w:spin(id) -> the spin as given (an angle, or a new table {w, x, y,
   z}) | nil (unknown id, not a convex shape) */
static int w_spin(lua_State *L) {
  static const lc_fn F = {"spin", 1};
  collide_world *w = check_world(L, &F);
  int id = check_id(L, &F, 2);
  collide_rotation r;
  if (!id || !collide_world_spin(w, id, &r)) {
    lua_pushnil(L);
    return 1;
  }
  if (r.is_angle) {
    lua_pushnumber(L, r.angle);
    return 1;
  }
  lua_createtable(L, 0, 4);
  lua_pushnumber(L, r.w);
  lua_setfield(L, -2, "w");
  lua_pushnumber(L, r.x);
  lua_setfield(L, -2, "x");
  lua_pushnumber(L, r.y);
  lua_setfield(L, -2, "y");
  lua_pushnumber(L, r.z);
  lua_setfield(L, -2, "z");
  return 1;
}

/* w:set_sensor(id, on) -> true | false (unknown id) */
static int w_set_sensor(lua_State *L) {
  static const lc_fn F = {"set_sensor", 1};
  collide_world *w = check_world_mut(L, &F);
  int id = check_id(L, &F, 2), code;
  if (lua_type(L, 3) != LUA_TBOOLEAN) return lc_typeerror(L, &F, 3, "boolean");
  code = id ? collide_world_set_sensor(w, id, lua_toboolean(L, 3)) : 0;
  if (code < 0) return world_error(L, &F, code);
  lua_pushboolean(L, code);
  return 1;
}

/* w:sensor(id) -> true | false | nil (unknown id) */
static int w_sensor(lua_State *L) {
  static const lc_fn F = {"sensor", 1};
  collide_world *w = check_world(L, &F);
  int id = check_id(L, &F, 2), on = id ? collide_world_sensor(w, id) : -1;
  if (on < 0) lua_pushnil(L);
  else lua_pushboolean(L, on);
  return 1;
}

/* w:sensor_events() -> {{sensor =, id =, u =, event =}, ...}, taken: the
   events are copied into a userdata first (it may run a finalizer that
   moves shapes and so adds events: asked again then), then made into
   tables with nothing of the world read. */
static int w_sensor_events(lua_State *L) {
  static const lc_fn F = {"sensor_events", 1};
  collide_sensor_event *ev;
  int n, i, cap = 0;
  lua_settop(L, 1);
  n = collide_world_sensor_events(check_world_mut(L, &F), NULL, 0);
  while (n > 0) {
    lua_settop(L, 1);
    cap = n + 16;
    ev = (collide_sensor_event *)lc_newuserdata(L, (size_t)cap * sizeof *ev, 0);
    n = collide_world_sensor_events(check_world_mut(L, &F), ev, cap);
    if (n <= cap) break;
  }
  ev = n > 0 ? (collide_sensor_event *)lua_touserdata(L, 2) : NULL;
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, ev[i].sensor);
    lua_setfield(L, -2, "sensor");
    lua_pushinteger(L, ev[i].id);
    lua_setfield(L, -2, "id");
    lua_pushnumber(L, ev[i].u);
    lua_setfield(L, -2, "u");
    if (ev[i].begin) lua_pushliteral(L, "begin");
    else lua_pushliteral(L, "end");
    lua_setfield(L, -2, "event");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int w_advance(lua_State *L) {
  static const lc_fn F = {"advance", 1};
  int code = collide_world_advance(check_world_mut(L, &F));
  if (code < 0) return world_error(L, &F, code);
  return 0;
}

/* ---- queries ------------------------------------------------------------- */

/* State of a filter: a Lua function at fidx (the data table at didx, a
   slot at eidx for an error raised by the filter), or a mask; depth is the
   Lua state's nesting (lc_state). */
typedef struct lfilter {
  lua_State *L;
  int fidx, didx, eidx;
  int mask;
  int tidx;      /* a move filter: new_normal's stack slot */
  int *depth;
} lfilter;

/* Calls the function below the nargs arguments at the top of the stack
   under lua_pcall, one level deeper: 0 with its one result on the top, or
   FILTER_ABORT with the error in the error slot, or FILTER_TOO_DEEP with
   nothing pushed. Allocates nothing outside the protected call, so it can
   be called from the core or with the world locked: no error escapes. A
   filter cannot yield (lua_pcall is no continuation point): trying to is
   the error Lua raises, "attempt to yield across a C-call boundary". */
static int filter_pcall(lfilter *f, int nargs) {
  lua_State *L = f->L;
  int e;
  if (*f->depth >= LC_MAX_NESTING) {
    lua_pop(L, nargs + 1);
    return FILTER_TOO_DEEP;
  }
  ++*f->depth;
  e = lua_pcall(L, nargs, 1, 0);
  --*f->depth;
  if (e != 0) {
    lua_replace(L, f->eidx);
    return FILTER_ABORT;
  }
  return 0;
}

/* The core's callback for a Lua filter, filter(id, data): 1 take, 0
   skip, or an abort value. */
static int call_filter(void *ctx, int id) {
  lfilter *f = (lfilter *)ctx;
  lua_State *L = f->L;
  int keep, e;
  lua_pushvalue(L, f->fidx);
  lua_pushinteger(L, id);
  lua_rawgeti(L, f->didx, id);
  if ((e = filter_pcall(f, 2)) != 0) return e;
  keep = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return keep;
}

/* Raises the error a callback left (after the core has returned). */
static int filter_error(lua_State *L, const lc_fn *fn, const lfilter *f, int code) {
  if (code == FILTER_TOO_DEEP)
    return luaL_error(L, "%s: filter nesting too deep", fn->name);
  if (code == FILTER_BAD_RESPONSE)
    return luaL_error(L, "%s: filter returned an unknown response '%s' "
                     "(expected 'slide', 'touch', 'cross', 'bounce', 'oneway', "
                     "true or false)", fn->name, lua_tostring(L, f->eidx));
  lua_pushvalue(L, f->eidx);
  return lua_error(L);
}

/* Prepares f for an optional filter at idx (a function or an integer
   mask); returns the callback for the core (NULL: none; for a mask,
   collide_world_layer_filter with ctx &f->mask). Pushes two slots (the
   data table, the error slot) and makes room for a filter's call. */
static collide_world_filter opt_filter(lua_State *L, const lc_fn *fn, int idx,
                                       lfilter *f) {
  lc_getuservalue(L, 1);
  f->didx = lua_gettop(L);
  lua_pushnil(L);
  f->eidx = lua_gettop(L);
  f->L = L;
  f->fidx = idx;
  f->mask = -1;
  f->depth = &((lc_state *)lua_touserdata(L, lua_upvalueindex(LC_UV_STATE)))->depth;
  if (lua_isnoneornil(L, idx)) return NULL;
  if (lua_type(L, idx) == LUA_TNUMBER) {
    f->mask = check_bits(L, fn, idx, COLLIDE_E_BAD_MASK);
    return collide_world_layer_filter;
  }
  if (lua_type(L, idx) != LUA_TFUNCTION) lc_typeerror(L, fn, idx, "function or mask");
  /* room for a filter's call (a move filter's is the largest: 7 slots) */
  if (!lua_checkstack(L, 10)) luaL_error(L, "%s: stack overflow", fn->name);
  return call_filter;
}

/* The ctx to pass with the callback opt_filter returned. */
static void *filter_ctx(lfilter *f, collide_world_filter cb) {
  return cb == collide_world_layer_filter ? (void *)&f->mask : (void *)f;
}

static int push_world_hit(lua_State *L, const lc_fn *fn, int code,
                          const collide_hit *h, int id, const lfilter *f,
                          int out_idx) {
  if (code <= FILTER_TOO_DEEP) return filter_error(L, fn, f, code);
  if (code < 0) return world_error(L, fn, code);
  if (code == 0) {
    lua_pushboolean(L, 0);
    return 1;
  }
  lc_pushhit(L, fn, code, h, 1, out_idx);
  lua_pushinteger(L, id);
  return 6;
}

/* A list's Lua filter (raycast_all, the overlaps, the penetrations) is
   called here, on the list the core made, in its order: ids[i] (or
   hits[i].id, pens[i].id) for i < n, each set to 0 when the filter
   refuses it. The world is locked meanwhile, as during a core query; the
   filter's errors are raised after it is unlocked. */
static void filter_list(lua_State *L, const lc_fn *fn, lfilter *f, int *ids,
                        collide_world_hit *hits, collide_penetration *pens,
                        int n) {
  lc_world *p = check_world_ud(L, fn);
  int i, e = 0;
  p->lock++;
  for (i = 0; i < n && e == 0; i++) {
    int *id, keep;
    if (ids != NULL) id = &ids[i];
    else if (hits != NULL) id = &hits[i].id;
    else if (pens != NULL) id = &pens[i].id;
    else break;
    keep = call_filter(f, *id);
    if (keep < 0) e = keep;
    else if (!keep) *id = 0;
  }
  p->lock--;
  if (e != 0) filter_error(L, fn, f, e);
}

/* w:raycast_all(p0, p1 [, filter]) -> {{id =, u =, point =, normal =,
   feature =}, ...} by u then id */
static int w_raycast_all(lua_State *L) {
  static const lc_fn F = {"raycast_all", 1};
  collide_world *w = check_world(L, &F);
  collide_vec3 p[2];
  collide_world_hit small[16], *hits = small;
  lfilter f;
  collide_world_filter fn;
  int n, i, k = 0, cap = 16;
  check_vecs(L, &F, 2, 2, p);
  lua_settop(L, 4);
  fn = opt_filter(L, &F, 4, &f);
  if (fn == call_filter) fn = NULL;   /* called below, on the list */
  n = collide_world_raycast_all(w, &p[0], &p[1], fn, filter_ctx(&f, fn), hits, cap);
  while (n > cap) {
    /* (the allocation may run a finalizer, which may change the world) */
    cap = n;
    hits = (collide_world_hit *)lc_newuserdata(L, (size_t)cap * sizeof *hits, 0);
    w = check_world(L, &F);
    n = collide_world_raycast_all(w, &p[0], &p[1], fn, filter_ctx(&f, fn), hits, cap);
  }
  if (n < 0) return world_error(L, &F, n);
  if (lua_type(L, 4) == LUA_TFUNCTION) filter_list(L, &F, &f, NULL, hits, NULL, n);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    if (hits[i].id == 0) continue;
    lua_createtable(L, 0, 5);
    lua_pushinteger(L, hits[i].id);
    lua_setfield(L, -2, "id");
    lua_pushnumber(L, hits[i].hit.u);
    lua_setfield(L, -2, "u");
    lc_pushvec(L, &hits[i].hit.point);
    lua_setfield(L, -2, "point");
    lc_pushvec(L, &hits[i].hit.normal);
    lua_setfield(L, -2, "normal");
    lc_pushfeature(L, hits[i].hit.feature);
    lua_setfield(L, -2, "feature");
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* Runs an overlap with the filter at fidx and pushes the array of ids;
   run calls the core with the method's arguments a. */
typedef int (*overlap_run)(collide_world *w, const lc_arg *a,
                           collide_world_filter fn, void *ctx, int *ids, int cap);

static int push_overlap(lua_State *L, const lc_fn *F, collide_world *w,
                        overlap_run run, const lc_arg *a, int fidx) {
  int small[64], *ids = small, n, i, k = 0, cap = 64;
  lfilter f;
  collide_world_filter fn;
  lua_settop(L, fidx);
  fn = opt_filter(L, F, fidx, &f);
  if (fn == call_filter) fn = NULL;   /* called below, on the list */
  n = run(w, a, fn, filter_ctx(&f, fn), ids, cap);
  while (n > cap) {
    /* (the allocation may run a finalizer, which may change the world) */
    cap = n;
    ids = (int *)lc_newuserdata(L, (size_t)cap * sizeof *ids, 0);
    w = check_world(L, F);
    n = run(w, a, fn, filter_ctx(&f, fn), ids, cap);
  }
  if (n < 0) return world_error(L, F, n);
  if (lua_type(L, fidx) == LUA_TFUNCTION) filter_list(L, F, &f, ids, NULL, NULL, n);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    if (ids[i] == 0) continue;
    lua_pushinteger(L, ids[i]);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* Runs a penetration query with the filter at fidx and pushes the array
   of {id =, normal =, depth =}, as push_overlap does its ids. */
typedef int (*penetration_run)(collide_world *w, const lc_arg *a,
                               collide_world_filter fn, void *ctx,
                               collide_penetration *out, int cap);

static int push_penetration(lua_State *L, const lc_fn *F, collide_world *w,
                            penetration_run run, const lc_arg *a, int fidx) {
  collide_penetration small[16], *out = small;
  int n, i, k = 0, cap = 16;
  lfilter f;
  collide_world_filter fn;
  lua_settop(L, fidx);
  fn = opt_filter(L, F, fidx, &f);
  if (fn == call_filter) fn = NULL;   /* called below, on the list */
  n = run(w, a, fn, filter_ctx(&f, fn), out, cap);
  while (n > cap) {
    /* (the allocation may run a finalizer, which may change the world) */
    cap = n;
    out = (collide_penetration *)lc_newuserdata(L, (size_t)cap * sizeof *out, 0);
    w = check_world(L, F);
    n = run(w, a, fn, filter_ctx(&f, fn), out, cap);
  }
  if (n < 0) return world_error(L, F, n);
  if (lua_type(L, fidx) == LUA_TFUNCTION) filter_list(L, F, &f, NULL, NULL, out, n);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    if (out[i].id == 0) continue;
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, out[i].id);
    lua_setfield(L, -2, "id");
    lc_pushvec(L, &out[i].normal);
    lua_setfield(L, -2, "normal");
    lua_pushnumber(L, out[i].depth);
    lua_setfield(L, -2, "depth");
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* ---- many queries in one call (raycast_many, sweep_*_many) -----------------
 * w:<name>(<arguments>, segments [, filter [, out]]) -> out. segments is a
 * flat array of numbers, 6 a query; out (a new table when absent) gets 8
 * numbers a query: id (0 for none), u, point, normal; entries after them
 * are cleared, as sweep_pairs clears its out. The numbers are read into a
 * buffer of the call's own, the core answers every query into it, and out
 * is written only then: a rejected call writes nothing into out.
 *
 * The buffers come from a free list per Lua state (a table, an upvalue): a
 * call takes one (a full userdata, kept on the stack while it is used) and
 * gives it back at the end, so a game that calls every frame allocates
 * nothing once the list holds a buffer large enough; a call nested in a
 * filter or in a finalizer run meanwhile takes another, and a call that
 * ends in an error leaves its buffer to the collector. */

/* The most queries of one call: 8 numbers each must be indexable by int. */
#define LC_MANY_MAX (0x7fffffff / 8)

/* Pushes a buffer of at least `bytes` bytes (from the free list, or new)
   and returns it. */
static double *many_take(lua_State *L, size_t bytes) {
  int n;
  lua_pushvalue(L, lua_upvalueindex(LC_UV_MANY_POOL));
  n = (int)lc_rawlen(L, -1);
  if (n > 0) {
    lua_rawgeti(L, -1, n);
    lua_pushnil(L);
    lua_rawseti(L, -3, n);
    lua_remove(L, -2);
    if ((size_t)lc_rawlen(L, -1) >= bytes) return (double *)lua_touserdata(L, -1);
    lua_pop(L, 1);   /* too small: the collector takes it */
  } else {
    lua_pop(L, 1);
  }
  return (double *)lc_newuserdata(L, bytes > 0 ? bytes : 1, 0);
}

/* Returns the buffer at idx to the free list. */
static void many_give(lua_State *L, int idx) {
  lua_pushvalue(L, lua_upvalueindex(LC_UV_MANY_POOL));
  lua_pushvalue(L, idx);
  lua_rawseti(L, -2, (int)lc_rawlen(L, -2) + 1);
  lua_pop(L, 1);
}

/* Runs a MANY query with the core's arguments a (a[last] the segments) */
typedef int (*many_run)(collide_world *w, const lc_arg *a,
                        collide_world_filter fn, void *ctx, double *out, int *bad);

static int push_many(lua_State *L, const lc_fn *F, many_run run, lc_arg *a,
                     int last, int sidx) {
  int fidx = sidx + 1, oidx = sidx + 2, len, n, i, old, code, bad, bidx;
  double *seg, *res;
  lfilter f;
  collide_world_filter fn;
  collide_world *w;
  lua_settop(L, oidx);
  len = (int)lc_rawlen(L, sidx);
  if (len % 6 != 0) {
    lua_pushfstring(L, "segments: length %d is not a multiple of 6", len);
    return lc_argerror(L, F, sidx, lua_tostring(L, -1));
  }
  n = len / 6;
  if (n > LC_MANY_MAX) {
    lua_pushfstring(L, "more than %d queries", LC_MANY_MAX);
    return lc_argerror(L, F, sidx, lua_tostring(L, -1));
  }
  fn = opt_filter(L, F, fidx, &f);
  if (!lua_isnoneornil(L, oidx) && lua_type(L, oidx) != LUA_TTABLE)
    lc_typeerror(L, F, oidx, "table");
  seg = many_take(L, (size_t)n * 14 * sizeof(double));
  bidx = lua_gettop(L);
  res = seg + 6 * (size_t)n;
  /* (six at a time, then popped together: on Lua 5.4 the API calls are
     most of the cost of a query's numbers) */
  for (i = 0; i < len; i += 6) {
    int j;
    for (j = 0; j < 6; j++) {
      if (lc_rawgeti_type(L, sidx, i + j + 1) != LUA_TNUMBER) {
        lua_pushfstring(L, "segments[%d]: number expected, got %s", i + j + 1,
                        lc_typename(L, -1));
        return lc_argerror(L, F, sidx, lua_tostring(L, -1));
      }
    }
    for (j = 0; j < 6; j++) seg[i + j] = (double)lua_tonumber(L, j - 6);
    lua_pop(L, 6);
  }
  a[last].arr.p = seg;
  a[last].arr.n = n;
  /* (the buffer's allocation may have run a finalizer, which may have
     closed the world) */
  w = check_world(L, F);
  code = run(w, a, fn, filter_ctx(&f, fn), res, &bad);
  if (code <= FILTER_TOO_DEEP) return filter_error(L, F, &f, code);
  if (code < 0) {
    if (bad >= 0) {
      lua_pushfstring(L, "segments[%d]: %s", bad + 1, collide_error_message(code));
      return lc_argerror(L, F, sidx, lua_tostring(L, -1));
    }
    return world_error(L, F, code);
  }
  if (lua_isnil(L, oidx)) {
    lua_createtable(L, 8 * n, 0);
    lua_replace(L, oidx);
  }
  old = (int)lc_rawlen(L, oidx);
  for (i = 0; i < n; i++) {
    const double *o = res + 8 * (size_t)i;
    int k;
    lua_pushinteger(L, (lua_Integer)o[0]);
    lua_rawseti(L, oidx, 8 * i + 1);
    for (k = 1; k < 8; k++) {
      lua_pushnumber(L, o[k]);
      lua_rawseti(L, oidx, 8 * i + k + 1);
    }
  }
  for (i = old; i > 8 * n; i--) {
    lua_pushnil(L);
    lua_rawseti(L, oidx, i);
  }
  many_give(L, bidx);
  lua_pushvalue(L, oidx);
  return 1;
}

/* ---- the methods declared in lcollide_api.h (LC_API_WORLD_METHODS) ---------
 * One wrapper per line, by result kind; lua/collide/ffi_world.lua makes its
 * methods from the same lines. */

/* The arguments after self, in Lua order (2, 3, ...), by kind. */
static void world_args(lua_State *L, const lc_fn *fn, const char *kinds, lc_arg *a) {
  int i;
  for (i = 0; kinds[i] != '\0'; i++) {
    switch (kinds[i]) {
    case 'N': a[i].n = lc_checknumber(L, fn, i + 2); break;
    case 'V':
      /* the vector before passed again (a box held still: c0 = c1, as
         collide.bump's queries pass it): its value, without reading the
         same table again */
      if (i > 0 && kinds[i - 1] == 'V' && lua_rawequal(L, i + 2, i + 1))
        a[i].v = a[i - 1].v;
      else
        lc_checkvec(L, fn, i + 2, &a[i].v);
      break;
    case 'C': a[i].x = lc_checkconvex(L, fn, i + 2); break;
    case 'R': lc_checkrotation(L, fn, i + 2, &a[i].r); break;
    case 'A':   /* read by push_many, once the arguments after it are checked */
      if (lua_type(L, i + 2) != LUA_TTABLE) lc_typeerror(L, fn, i + 2, "table");
      a[i].arr.p = NULL;
      a[i].arr.n = 0;
      break;
    default: a[i].p = lc_checkplane(L, fn, i + 2); break;   /* 'P' */
    }
  }
}

/* The start of every wrapper: self (check: check_world, or check_world_mut
   for a method that changes the world), then the n arguments into a
   (which allocates nothing but an error, and runs no Lua code but a
   rotation's __index: that may have closed the world -- its __gc called
   by hand through the debug library --, so with one self is checked
   again). */
#define LC_WORLD_HEAD(name, kinds, check) \
  static const lc_fn F = {#name, 1}; \
  collide_world *w = check(L, &F); \
  lc_arg a[LC_COUNT(kinds)]; \
  world_args(L, &F, LC_APPLY(LC_KINDS, kinds), a); \
  if (strchr(LC_APPLY(LC_KINDS, kinds), 'R') != NULL) w = check(L, &F)

/* w:add_<shape>(<arguments> [, data]) -> id */
#define LC_WORLD_ADDED(name, cfn, kinds) \
  static int w_##name(lua_State *L) { \
    LC_WORLD_HEAD(name, kinds, check_world_mut); \
    return added(L, &F, cfn(w, LC_APPLY(LC_PASS, kinds)), LC_COUNT(kinds) + 2); \
  }

/* w:overlap_<shape>(<arguments> [, filter]) -> {id, ...} */
#define LC_WORLD_IDS(name, cfn, kinds) \
  static int run_##name(collide_world *w, const lc_arg *a, \
                        collide_world_filter fn, void *ctx, int *ids, int cap) { \
    return cfn(w, LC_APPLY(LC_PASS, kinds), fn, ctx, ids, cap); \
  } \
  static int w_##name(lua_State *L) { \
    LC_WORLD_HEAD(name, kinds, check_world); \
    return push_overlap(L, &F, w, run_##name, a, LC_COUNT(kinds) + 2); \
  }

/* w:penetration_<shape>(<arguments> [, filter]) -> {{id =, normal =,
   depth =}, ...} */
#define LC_WORLD_PEN(name, cfn, kinds) \
  static int run_##name(collide_world *w, const lc_arg *a, \
                        collide_world_filter fn, void *ctx, \
                        collide_penetration *out, int cap) { \
    return cfn(w, LC_APPLY(LC_PASS, kinds), fn, ctx, out, cap); \
  } \
  static int w_##name(lua_State *L) { \
    LC_WORLD_HEAD(name, kinds, check_world); \
    return push_penetration(L, &F, w, run_##name, a, LC_COUNT(kinds) + 2); \
  }

/* w:candidates_<shape>(<arguments> [, out]) -> out, n: the core's ids
   into out[1..n] (a new table when out is nil), entries after them up to
   out's old length cleared, as push_many clears its out. */
typedef int (*cand_run)(collide_world *w, const lc_arg *a, int *ids, int cap);

static int push_candidates(lua_State *L, const lc_fn *F, collide_world *w,
                           cand_run run, const lc_arg *a, int oidx) {
  int small[64], *ids = small, n, i, old, cap = 64;
  lua_settop(L, oidx);
  if (!lua_isnil(L, oidx) && lua_type(L, oidx) != LUA_TTABLE)
    lc_typeerror(L, F, oidx, "table");
  n = run(w, a, ids, cap);
  while (n > cap) {
    /* (the allocation may run a finalizer, which may change the world) */
    cap = n;
    ids = (int *)lc_newuserdata(L, (size_t)cap * sizeof *ids, 0);
    w = check_world(L, F);
    n = run(w, a, ids, cap);
  }
  if (n < 0) return world_error(L, F, n);
  if (lua_isnil(L, oidx)) {
    lua_createtable(L, n, 0);
    lua_replace(L, oidx);
  }
  old = (int)lc_rawlen(L, oidx);
  for (i = 0; i < n; i++) {
    lua_pushinteger(L, ids[i]);
    lua_rawseti(L, oidx, i + 1);
  }
  for (i = old; i > n; i--) {
    lua_pushnil(L);
    lua_rawseti(L, oidx, i);
  }
  lua_pushvalue(L, oidx);
  lua_pushinteger(L, n);
  return 2;
}

/* w:<sweep>(<arguments> [, filter [, point_out, normal_out]]) */
#define LC_WORLD_WHIT(name, cfn, kinds) \
  static int w_##name(lua_State *L) { \
    collide_hit h; \
    lfilter f; \
    collide_world_filter fn; \
    int id, code; \
    LC_WORLD_HEAD(name, kinds, check_world); \
    lua_settop(L, LC_COUNT(kinds) + 4); \
    fn = opt_filter(L, &F, LC_COUNT(kinds) + 2, &f); \
    lc_checkouts(L, &F, LC_COUNT(kinds) + 3, 2); \
    code = cfn(w, LC_APPLY(LC_PASS, kinds), fn, filter_ctx(&f, fn), &h, &id); \
    return push_world_hit(L, &F, code, &h, id, &f, LC_COUNT(kinds) + 3); \
  }

/* w:candidates_<shape>(<arguments> [, out]) -> out, n; an update_<...>
   one changes the world first: not while it is locked */
#define LC_CAND_CHECK(name) \
  (strncmp(#name, "update_", 7) == 0 ? check_world_mut : check_world)
#define LC_WORLD_CAND(name, cfn, kinds) \
  static int run_##name(collide_world *w, const lc_arg *a, int *ids, int cap) { \
    return cfn(w, LC_APPLY(LC_PASS, kinds), ids, cap); \
  } \
  static int w_##name(lua_State *L) { \
    LC_WORLD_HEAD(name, kinds, LC_CAND_CHECK(name)); \
    return push_candidates(L, &F, w, run_##name, a, LC_COUNT(kinds) + 2); \
  }

/* w:<name>(<arguments>, segments [, filter [, out]]) -> out */
#define LC_WORLD_MANY(name, cfn, kinds) \
  static int run_##name(collide_world *w, const lc_arg *a, \
                        collide_world_filter fn, void *ctx, double *out, \
                        int *bad) { \
    return cfn(w, LC_APPLY(LC_PASS, kinds), fn, ctx, out, bad); \
  } \
  static int w_##name(lua_State *L) { \
    LC_WORLD_HEAD(name, kinds, check_world); \
    (void)w;   /* (push_many fetches it again, after an allocation) */ \
    return push_many(L, &F, run_##name, a, LC_COUNT(kinds) - 1, \
                     LC_COUNT(kinds) + 1); \
  }

#define LC_WORLD_METHOD(name, cfn, RESULT, kinds) LC_WORLD_##RESULT(name, cfn, kinds)
LC_API_WORLD_METHODS(LC_WORLD_METHOD)

/* ---- the movers --------------------------------------------------------- */

/* options.key (at the top of the stack) as a number. */
static double opt_number(lua_State *L, const lc_fn *fn, int idx, const char *key) {
  if (lua_type(L, -1) != LUA_TNUMBER) {
    lua_pushfstring(L, "options.%s: number expected, got %s", key,
                    lc_typename(L, -1));
    lc_argerror(L, fn, idx, lua_tostring(L, -1));
  }
  return (double)lua_tonumber(L, -1);
}

/* options.key (at the top of the stack) as a boolean. */
static int opt_boolean(lua_State *L, const lc_fn *fn, int idx, const char *key) {
  if (lua_type(L, -1) != LUA_TBOOLEAN) {
    lua_pushfstring(L, "options.%s: boolean expected, got %s", key,
                    lc_typename(L, -1));
    lc_argerror(L, fn, idx, lua_tostring(L, -1));
  }
  return lua_toboolean(L, -1);
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
      /* raw, as every vector argument is read (lc_checkvec) */
      if (named) {
        lua_pushstring(L, names[k]);
        lua_rawget(L, -2);
      } else {
        lua_rawgeti(L, -1, k + 1);
      }
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

/* The options every w:move_* takes, in the order they are looked at (the
   FFI backend's list in ffi_world.lua is the same). */
enum {
  O_MAX_ITERATIONS, O_RESPONSE, O_RESTITUTION, O_UP, O_MAX_SLOPE, O_SKIN,
  O_FILTER, O_VELOCITY, O_STEP_HEIGHT, O_SNAP, O_STOP_ON_SLOPE,
  O_STEEP_AS_WALL, O_CARRY, O_MAX_PUSH, O_COUNT
};
static const char *const option_names[O_COUNT + 1] = {
  "max_iterations", "response", "restitution", "up", "max_slope", "skin",
  "filter", "velocity", "step_height", "snap", "stop_on_slope",
  "steep_as_wall", "carry", "max_push", NULL
};

/* Reads the options table at idx into *o; a function filter is left in
   stack slot fslot. Every key must be one of option_names. */
static void read_options(lua_State *L, const lc_fn *fn, int idx, int fslot,
                         collide_move_options *o) {
  static const char *const responses[] = {"slide", "bounce", "stop", NULL};
  int k, needs_up = -1;
  if (lua_type(L, idx) != LUA_TTABLE) lc_typeerror(L, fn, idx, "table");
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) {
      lua_pushfstring(L, "unknown option (a %s key)", lc_typename(L, -1));
      lc_argerror(L, fn, idx, lua_tostring(L, -1));
    }
    for (k = 0; option_names[k] && strcmp(option_names[k], lua_tostring(L, -1)) != 0; k++) {}
    if (!option_names[k]) {
      lua_pushfstring(L, "unknown option '%s'", lua_tostring(L, -1));
      lc_argerror(L, fn, idx, lua_tostring(L, -1));
    }
  }
  for (k = 0; k < O_COUNT; k++) {
    const char *key = option_names[k];
    lua_getfield(L, idx, key);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      continue;
    }
    /* the options that mean nothing without up (issue 31: they were
       ignored without a word, while a misspelled one is an error) */
    if (needs_up < 0 && (k == O_MAX_SLOPE || k == O_STEP_HEIGHT || k == O_SNAP ||
                         k == O_STOP_ON_SLOPE || k == O_STEEP_AS_WALL))
      needs_up = k;
    switch (k) {
    case O_MAX_ITERATIONS: {
      double x = opt_number(L, fn, idx, key);
      if (!(x >= 1)) lc_argerror(L, fn, idx, collide_reason_message(COLLIDE_E_BAD_ITERATIONS));
      o->max_iterations = x > 1e6 ? 1000000 : (int)x;
      break;
    }
    case O_RESPONSE: {
      const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
      int i;
      for (i = 0; responses[i] && strcmp(responses[i], s) != 0; i++) {}
      if (!responses[i])
        lc_argerror(L, fn, idx, "options.response must be 'slide', 'bounce' or 'stop'");
      o->response = i;   /* COLLIDE_RESPONSE_* in this order */
      break;
    }
    case O_RESTITUTION: o->restitution = opt_number(L, fn, idx, key); break;
    case O_UP:
      opt_vec(L, fn, idx, key, &o->up);
      o->use_up = 1;
      break;
    case O_MAX_SLOPE: o->max_slope = opt_number(L, fn, idx, key); break;
    case O_SKIN: o->skin = opt_number(L, fn, idx, key); break;
    case O_FILTER:
      if (lua_type(L, -1) == LUA_TNUMBER) {
        double x = (double)lua_tonumber(L, -1);
        if (!(x >= 0 && x < 2147483648.0 && x == (double)(int)x)) {
          lua_pushfstring(L, "options.filter: %s",
                          collide_reason_message(COLLIDE_E_BAD_MASK));
          lc_argerror(L, fn, idx, lua_tostring(L, -1));
        }
        o->use_mask = 1;
        o->mask = (int)x;
        break;
      }
      if (lua_type(L, -1) != LUA_TFUNCTION)
        lc_argerror(L, fn, idx, "options.filter: function or mask expected");
      lua_pushvalue(L, -1);
      lua_replace(L, fslot);
      break;
    case O_VELOCITY:
      opt_vec(L, fn, idx, key, &o->velocity);
      o->use_velocity = 1;
      break;
    case O_STEP_HEIGHT: o->step_height = opt_number(L, fn, idx, key); break;
    case O_SNAP: o->snap = opt_number(L, fn, idx, key); break;
    case O_STOP_ON_SLOPE: o->stop_on_slope = opt_boolean(L, fn, idx, key); break;
    case O_STEEP_AS_WALL: o->steep_as_wall = opt_boolean(L, fn, idx, key); break;
    case O_CARRY: o->carry = opt_boolean(L, fn, idx, key); break;
    case O_MAX_PUSH:
      o->max_push = opt_number(L, fn, idx, key);
      if (o->max_push < 0)
        lc_argerror(L, fn, idx, collide_reason_message(COLLIDE_E_NEG_PUSH));
      break;
    default: break;
    }
    lua_pop(L, 1);
  }
  if (needs_up >= 0 && !o->use_up) {
    lua_pushfstring(L, "options.%s needs options.up", option_names[needs_up]);
    lc_argerror(L, fn, idx, lua_tostring(L, -1));
  }
}

/* A move filter: filter(id, data, normal) -> "slide", "touch", "cross",
   "bounce", "oneway", true (the move's own response) or false / nil
   (ignore). */
static const char *const move_responses[] = {
  "slide", "bounce", "touch", "cross", "oneway", NULL
};
/* their COLLIDE_RESPONSE_*, in that order */
static const int move_response_codes[] = {
  COLLIDE_RESPONSE_SLIDE, COLLIDE_RESPONSE_BOUNCE, COLLIDE_RESPONSE_STOP,
  COLLIDE_RESPONSE_CROSS, COLLIDE_RESPONSE_ONEWAY
};

/* (x, y, z) -> vec3: the allocation of a move filter's normal, run under
   lua_pcall (nothing may unwind through the core). Apart from the
   filter's own call, so that a level of nested filters costs one C call
   level of Lua's (Lua 5.4 allows 200). */
static int new_normal(lua_State *L) {
  collide_vec3 n;
  n.x = (double)lua_tonumber(L, 1);
  n.y = (double)lua_tonumber(L, 2);
  n.z = (double)lua_tonumber(L, 3);
  lc_pushvec(L, &n);
  return 1;
}

/* The core's callback for a move filter; new_normal is in stack slot
   tidx. A response that is no response is left in the error slot for the
   message (FILTER_BAD_RESPONSE). */
static int call_move_filter(void *ctx, int id, const collide_vec3 *normal) {
  lfilter *f = (lfilter *)ctx;
  lua_State *L = f->L;
  int r;
  lua_pushvalue(L, f->tidx);
  lua_pushnumber(L, normal->x);
  lua_pushnumber(L, normal->y);
  lua_pushnumber(L, normal->z);
  if (lua_pcall(L, 3, 1, 0) != 0) {   /* (out of memory) */
    lua_replace(L, f->eidx);
    return FILTER_ABORT;
  }
  lua_pushvalue(L, f->fidx);
  lua_insert(L, -2);
  lua_pushinteger(L, id);
  lua_insert(L, -2);
  lua_rawgeti(L, f->didx, id);
  lua_insert(L, -2);
  if ((r = filter_pcall(f, 3)) != 0) return r;
  if (lua_type(L, -1) == LUA_TSTRING) {
    const char *s = lua_tostring(L, -1);
    for (r = 0; move_responses[r] && strcmp(move_responses[r], s) != 0; r++) {}
    if (!move_responses[r]) {
      lua_replace(L, f->eidx);
      return FILTER_BAD_RESPONSE;
    }
    r = move_response_codes[r];
  } else {
    r = lua_toboolean(L, -1) ? COLLIDE_RESPONSE_DEFAULT : COLLIDE_RESPONSE_IGNORE;
  }
  lua_pop(L, 1);
  return r;
}

/* What read_options needs, handed to options_reader through lua_pcall. */
typedef struct options_job {
  const lc_fn *fn;
  collide_move_options *o;
} options_job;

static void read_options(lua_State *L, const lc_fn *fn, int idx, int fslot,
                         collide_move_options *o);

/* (job, options) -> the filter function or nil: read_options as a
   lua_CFunction, run under lua_pcall while the world is locked (an
   options table's metamethods run Lua code). */
static int options_reader(lua_State *L) {
  options_job *j = (options_job *)lua_touserdata(L, 1);
  lua_settop(L, 2);
  lua_pushnil(L);
  read_options(L, j->fn, 2, 3, j->o);
  return 1;
}
/* The kind move_common gets for w:move_shape: the mover is a world shape,
   named by its id, which takes the place of the shape's arguments and
   `from` (a = -1: one argument fewer before `to` than move_sphere). */
#define MOVE_SHAPE (-1)

/* w:move_sphere(r, from, to [, options [, position, velocity]]),
   w:move_aabb(e, from, to [, ...]), w:move_capsule(r, axis, from, to [, ...]),
   w:move_convex(A, rot, from, to [, ...]), w:move_shape(id, to [, ...])
   -> position, contacts, grounded, velocity, ground (move_shape: false for
   an unknown id) */
static int move_common(lua_State *L, const lc_fn *F, int kind) {
  collide_world *w;
  collide_mover s;
  collide_move_options o;
  collide_move_result res;
  collide_vec3 from, to;
  collide_contact small[64], *cts = small;
  lfilter f;
  int a = kind == COLLIDE_MOVER_CAPSULE || kind == COLLIDE_MOVER_CONVEX ? 1
          : kind == MOVE_SHAPE ? -1 : 0;
  int i, code, cap = 64, id = 0;
  int oidx = 5 + a, fslot = 8 + a;
  /* The options table's errors count the Lua way, without self, like
     every other argument of a method, as the contract says: "bad
     argument #4 to 'move_sphere' (unknown option 'respons')". */
  lc_fn of;
  of.name = F->name;
  of.method = 1;
  /* (move_shape changes the world: not while it is locked) */
  if (kind == MOVE_SHAPE) (void)check_world_mut(L, F);
  else (void)check_world(L, F);
  memset(&s, 0, sizeof s);
  s.kind = kind;
  if (kind == MOVE_SHAPE) id = check_id(L, F, 2);
  else if (kind == COLLIDE_MOVER_AABB) lc_checkvec(L, F, 2, &s.extents);
  /* (the hull is argument 2, kept on the stack: alive during the move) */
  else if (kind == COLLIDE_MOVER_CONVEX) s.hull = lc_checkconvex(L, F, 2);
  else s.r = lc_checknumber(L, F, 2);
  if (kind == COLLIDE_MOVER_CONVEX) lc_checkrotation(L, F, 3, &s.rot);
  else if (a > 0) lc_checkvec(L, F, 3, &s.axis);
  if (kind != MOVE_SHAPE) lc_checkvec(L, F, 3 + a, &from);
  lc_checkvec(L, F, 4 + a, &to);
  /* move_shape changes the world, and an error must leave it as it was:
     its out-vectors are checked before the move, not when filled */
  for (i = 6 + a; kind == MOVE_SHAPE && i <= 7 + a; i++)
    if (!lua_isnoneornil(L, i) && lc_tovec3(L, i) == NULL)
      lc_typeerror(L, F, i, "vec3 (out-vector)");
  lua_settop(L, 7 + a);
  collide_move_options_init(&o);
  lua_pushnil(L);                      /* fslot: the filter, if any */
  (void)opt_filter(L, &of, fslot, &f); /* (nil yet: the slots, the depth) */
  if (lua_type(L, oidx) == LUA_TTABLE && lua_getmetatable(L, oidx)) {
    /* a metatable: its metamethods may run Lua code, so the table is read
       with the world locked, under lua_pcall (see options_reader); its
       messages name stack index 2 there as argument oidx */
    options_job job;
    lc_fn rf;
    lc_world *p;
    int e;
    rf.name = F->name;
    rf.method = 2 - oidx + of.method;   /* counted as of counts */
    job.fn = &rf;
    job.o = &o;
    lua_pushvalue(L, lua_upvalueindex(LC_UV_OPTIONS_READER));
    lua_pushlightuserdata(L, &job);
    lua_pushvalue(L, oidx);
    p = check_world_ud(L, F);
    if (*f.depth >= LC_MAX_NESTING)
      return luaL_error(L, "%s: filter nesting too deep", F->name);
    p->lock++;
    ++*f.depth;
    e = lua_pcall(L, 2, 1, 0);
    --*f.depth;
    p->lock--;
    if (e != 0) return lua_error(L);
    lua_replace(L, fslot);
    lua_pop(L, 1);   /* the metatable */
  } else if (!lua_isnil(L, oidx)) {
    /* no metatable: reading it runs no Lua code (an allocation's finalizer
       may; the world is fetched again below) */
    read_options(L, &of, oidx, fslot, &o);
  }
  if (!lua_isnil(L, fslot)) {
    /* the part of a filter's call that allocates, run protected */
    if (!lua_checkstack(L, 10)) luaL_error(L, "%s: stack overflow", F->name);
    lua_pushvalue(L, lua_upvalueindex(LC_UV_NEW_NORMAL));
    f.tidx = lua_gettop(L);
  }
  if (4 * o.max_iterations + 32 > cap) {
    /* every shape touched at each moment of a round (a few), and the
       pushes of the start; a move touching more than 1024 surfaces
       reports its first 1024 */
    cap = o.max_iterations < 248 ? 4 * o.max_iterations + 32 : 1024;
    cts = (collide_contact *)lc_newuserdata(L, (size_t)cap * sizeof *cts, 0);
  }
  /* the world now: the options' metamethods and the allocations above may
     have run Lua code */
  w = (kind == MOVE_SHAPE ? check_world_mut : check_world)(L, F);
  if (kind == MOVE_SHAPE) {
    code = collide_world_move_shape(w, id, &to, &o,
                                    lua_isnil(L, fslot) ? NULL : call_move_filter,
                                    &f, cts, cap, &res);
    if (code == 0) {   /* no such shape, as w:update says */
      lua_pushboolean(L, 0);
      return 1;
    }
    if (code == 1) code = 0;
  } else {
    code = collide_world_move(w, &s, &from, &to, &o,
                              lua_isnil(L, fslot) ? NULL : call_move_filter, &f,
                              cts, cap, &res);
  }
  if (code <= FILTER_TOO_DEEP) return filter_error(L, F, &f, code);
  if (code < 0 && collide_error_arg(code) == oidx)
    return lc_argerror(L, &of, oidx, collide_error_message(code));
  if (code < 0 && collide_error_reason(code) == COLLIDE_E_NOT_MOVABLE) {
    /* the message names the kind: "triangle shape cannot move (...)" */
    lua_pushfstring(L, "%s %s", kind_names[collide_world_kind(check_world(L, F), id)],
                    collide_error_message(code));
    return lc_argerror(L, F, 2, lua_tostring(L, -1));
  }
  if (code < 0) return world_error(L, F, code);
  lc_pushvec_out(L, F, 6 + a, &res.position);
  lua_createtable(L, res.ncontacts, 0);
  for (i = 0; i < res.ncontacts; i++) {
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
    if (cts[i].depth > 0) {   /* a push out of a shape it started in */
      lua_pushnumber(L, cts[i].depth);
      lua_setfield(L, -2, "depth");
    }
    if (cts[i].stuck) {
      lua_pushboolean(L, 1);
      lua_setfield(L, -2, "stuck");
    }
    lua_rawseti(L, -2, i + 1);
  }
  if (res.grounded < 0) lua_pushnil(L);
  else lua_pushboolean(L, res.grounded);
  lc_pushvec_out(L, F, 7 + a, &res.velocity);
  if (res.ground_id == 0) {
    lua_pushnil(L);
  } else {
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, res.ground_id);
    lua_setfield(L, -2, "id");
    lc_pushvec(L, &res.ground_point);
    lua_setfield(L, -2, "point");
    lc_pushvec(L, &res.ground_normal);
    lua_setfield(L, -2, "normal");
  }
  return 5;
}

static int w_move_sphere(lua_State *L) {
  static const lc_fn F = {"move_sphere", 1};
  return move_common(L, &F, COLLIDE_MOVER_SPHERE);
}

static int w_move_aabb(lua_State *L) {
  static const lc_fn F = {"move_aabb", 1};
  return move_common(L, &F, COLLIDE_MOVER_AABB);
}

static int w_move_capsule(lua_State *L) {
  static const lc_fn F = {"move_capsule", 1};
  return move_common(L, &F, COLLIDE_MOVER_CAPSULE);
}

static int w_move_convex(lua_State *L) {
  static const lc_fn F = {"move_convex", 1};
  return move_common(L, &F, COLLIDE_MOVER_CONVEX);
}

/* w:move_shape(id, to [, options [, position, velocity]]) */
static int w_move_shape(lua_State *L) {
  static const lc_fn F = {"move_shape", 1};
  return move_common(L, &F, MOVE_SHAPE);
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

#define LC_WORLD_REG(name, cfn, RESULT, kinds) {#name, w_##name},

static const luaL_Reg world_methods[] = {
  LC_API_WORLD_METHODS(LC_WORLD_REG)
  {"add_polygon", w_add_polygon},
  {"remove", w_remove}, {"data", w_data}, {"count", w_count},
  {"build", w_build}, {"_next_id", w__next_id}, {"save", w_save},
  /* the movers */
  {"move_sphere", w_move_sphere}, {"move_aabb", w_move_aabb},
  {"move_capsule", w_move_capsule}, {"move_convex", w_move_convex},
  {"move_shape", w_move_shape},
  /* world, continued */
  {"add_mesh", w_add_mesh},
  {"add_tiles", w_add_tiles},
  {"add_outline", w_add_outline},
  {"update", w_update}, {"get", w_get}, {"shapes", w_shapes},
  {"set_layers", w_set_layers}, {"layers", w_layers},
  {"set_velocity", w_set_velocity}, {"velocity", w_velocity},
  {"set_spin", w_set_spin}, {"spin", w_spin},
  {"advance", w_advance},
  {"set_sensor", w_set_sensor}, {"sensor", w_sensor},
  {"sensor_events", w_sensor_events},
  {"raycast_all", w_raycast_all},
  {NULL, NULL}
};

static const luaL_Reg world_meta[] = {
  {"__gc", world_gc}, {"__tostring", world_tostring}, {NULL, NULL}
};

static const luaL_Reg world_funcs[] = {
  {"world", l_world}, {"sweep_pairs", l_sweep_pairs}, {NULL, NULL}
};

/* The declared methods for the FFI backend: collide.core._api.world, one
   row {lua_name, core_function, kinds, RESULT, "world"} per line. */
#define LC_WORLD_ROW(name, cfn, RESULT, kinds) \
  {#name, #cfn, LC_APPLY(LC_KINDS, kinds), #RESULT, "world"},

static const lc_api_row world_rows[] = {
  LC_API_WORLD_METHODS(LC_WORLD_ROW)
};

void lc_open_world(lua_State *L) {
  const luaL_Reg *r;
  /* module table at the top */
  lc_setfuncs(L, world_funcs, 0);
  lua_getfield(L, -1, "_api");   /* (lc_open_api made it) */
  lc_push_rows(L, world_rows, (int)(sizeof world_rows / sizeof world_rows[0]));
  lua_setfield(L, -2, "world");
  lua_pop(L, 1);
  lc_filltype(L, LC_MT_WORLD, world_meta, NULL, NULL);
  /* the methods, with LC_NUV_WORLD upvalues: the Lua state's nesting of
     callbacks (one lc_state per Lua state, kept in the registry, so a
     module loaded twice shares it) and a move's two helpers */
  lc_pushmethods(L, LC_MT_WORLD);
  for (r = world_methods; r->name != NULL; r++) {
    lc_pushupvalues(L);
    lua_getfield(L, LUA_REGISTRYINDEX, LC_STATE);
    if (lua_type(L, -1) != LUA_TUSERDATA) {
      lc_state *st;
      lua_pop(L, 1);
      st = (lc_state *)lc_newuserdata(L, sizeof *st, 0);
      st->depth = 0;
      lua_pushvalue(L, -1);
      lua_setfield(L, LUA_REGISTRYINDEX, LC_STATE);
    }
    lc_pushupvalues(L);
    lua_pushcclosure(L, options_reader, LC_NUV);
    lc_pushupvalues(L);
    lua_pushcclosure(L, new_normal, LC_NUV);
    lua_getfield(L, LUA_REGISTRYINDEX, LC_MANY_POOL);
    if (lua_type(L, -1) != LUA_TTABLE) {
      lua_pop(L, 1);
      lua_newtable(L);
      lua_pushvalue(L, -1);
      lua_setfield(L, LUA_REGISTRYINDEX, LC_MANY_POOL);
    }
    lua_pushcclosure(L, r->func, LC_NUV_WORLD);
    lua_setfield(L, -2, r->name);
  }
  lua_pop(L, 1);
  luaL_getmetatable(L, LC_MT_WORLD);
  lc_pushmethods(L, LC_MT_WORLD);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
}
