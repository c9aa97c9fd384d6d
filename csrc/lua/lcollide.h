/*
 * lcollide.h -- private header of the Lua C-API binding (csrc/lcollide*.c).
 *
 * Upvalue convention: every C function the binding registers carries the
 * module's metatables as its first upvalues (LC_UV_VEC3 ... LC_UV_WORLD), so
 * a type check is a metatable comparison against an upvalue instead of a
 * registry look-up (luaL_checkudata); then the feature names "face", "edge",
 * "vertex" (LC_UV_FACE ...), so a result pushes an interned string with
 * lua_pushvalue instead of finding it again by its text; a metamethod
 * __index additionally has its method table at LC_UV_METHODS.
 *
 * Errors: every message is built here with the function's fixed name, so it
 * reads the same whatever the call site looks like (luaL_argerror would take
 * the name from the caller's variable): "bad argument #2 to
 * 'sweep_sphere_sphere' (vec3 expected, got nil)". A missing argument is
 * reported as nil, like an explicit nil, on every backend.
 */
#ifndef LCOLLIDE_H
#define LCOLLIDE_H

#include "lcollide_compat.h"
#include "collide.h"

/* Functions shared between the binding's files are hidden from the shared
   object whatever the build system's flags (LuaRocks' builtin backend passes
   no -fvisibility): only luaopen_collide_core and the core are exported. */
#if defined(__GNUC__) && !defined(_WIN32)
#define LC_PRIVATE __attribute__((visibility("hidden")))
#else
#define LC_PRIVATE
#endif

#define LC_UV_VEC3 1
#define LC_UV_PLANE 2
#define LC_UV_POLYGON 3
#define LC_UV_WORLD 4
#define LC_UV_FACE 5      /* COLLIDE_FEATURE_FACE - 1 + LC_UV_FACE, etc. */
#define LC_UV_EDGE 6
#define LC_UV_VERTEX 7
#define LC_UV_CONVEX 8
#define LC_NUV 8
#define LC_UV_METHODS (LC_NUV + 1)

/* The registry names of the module's metatables: prefixed, so that no other
   library's "vec3" is replaced (LuaSocket's <module>{<class>} convention);
   each has __name without the prefix, so messages still say "vec3". */
#define LC_MT_VEC3 "collide.vec3"
#define LC_MT_PLANE "collide.plane"
#define LC_MT_POLYGON "collide.polygon"
#define LC_MT_WORLD "collide.world"
#define LC_MT_CONVEX "collide.convex"

/* A function's name for messages; method = 1 when self is argument 1 and so
   not counted (the Lua convention for methods called with ':'). */
typedef struct lc_fn {
  const char *name;
  int method;
} lc_fn;

/* Raise "bad argument #n to 'name' (msg)" for stack index idx (or "calling
   'name' on bad self (msg)" for a method's self). Does not return. */
LC_PRIVATE int lc_argerror(lua_State *L, const lc_fn *fn, int idx, const char *msg);
/* Raise "bad argument ... (<what> expected, got <type>)". */
LC_PRIVATE int lc_typeerror(lua_State *L, const lc_fn *fn, int idx, const char *what);
/* Raise the error a core function returned (code < 0); the core's argument
   number counts from first_idx on the stack. */
LC_PRIVATE int lc_coreerror(lua_State *L, const lc_fn *fn, int code, int first_idx);

/* The name used in "got <type>": the metatable's __name if it has one. */
LC_PRIVATE const char *lc_typename(lua_State *L, int idx);

/* Number argument (a Lua number; strings are not converted). */
LC_PRIVATE double lc_checknumber(lua_State *L, const lc_fn *fn, int idx);
/* Optional number argument with a default for nil / none. */
LC_PRIVATE double lc_optnumber(lua_State *L, const lc_fn *fn, int idx, double def);
/* Vector argument: a vec3, {x, y [, z]} or {x =, y = [, z =]}. */
LC_PRIVATE void lc_checkvec(lua_State *L, const lc_fn *fn, int idx, collide_vec3 *out);
/* Element i (1-based) of the array argument at idx, accepted as
   lc_checkvec does; else "bad argument #n to 'name' (vec3 expected at index
   i, got T)". */
LC_PRIVATE void lc_checkvec_at(lua_State *L, const lc_fn *fn, int idx, int i,
                               collide_vec3 *out);
/* The block of a full userdata at idx, else NULL. A light userdata is
   refused before its metatable is looked at: debug.setmetatable can give
   every light userdata the vec3 metatable, and its pointer is no vec3. */
static inline void *lc_full_udata(lua_State *L, int idx) {
  return lua_type(L, idx) == LUA_TUSERDATA ? lua_touserdata(L, idx) : NULL;
}

/* The identity of the module's metatable in upvalue uv. */
static inline const void *lc_upvalue_mt(lua_State *L, int uv) {
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
static inline int lc_has_mt_keep(lua_State *L, int idx, const void *p,
                                 const void *mt) {
  return p != NULL && lua_getmetatable(L, idx) && lua_topointer(L, -1) == mt;
}

/* The userdata at idx when its metatable is the module's metatable in
   upvalue uv (LC_UV_VEC3 ...), else NULL (no conversion, no error). */
LC_PRIVATE void *lc_toudata(lua_State *L, int idx, int uv);
/* The vec3 userdata at idx, or NULL (no conversion, no error). */
#define lc_tovec3(L, idx) ((collide_vec3 *)lc_toudata((L), (idx), LC_UV_VEC3))
/* A plane userdata argument. */
LC_PRIVATE const collide_plane *lc_checkplane(lua_State *L, const lc_fn *fn, int idx);

/* A polygon userdata: the core's collide_polygon and its vertices right
   after it (full userdata never move, so poly.vertices points into it). */
typedef struct lc_polygon {
  collide_polygon poly;
  collide_vec3 vertices[];    /* count of them, allocated with the struct */
} lc_polygon;

/* A new polygon userdata of n vertices, left on the stack without its
   metatable: the caller fills vertices and poly (poly.vertices pointing to
   vertices), then calls lc_polygon_finish. */
LC_PRIVATE lc_polygon *lc_newpolygon(lua_State *L, int n);
/* Gives the filled polygon userdata at the top its metatable and its plane
   object (allocates). */
LC_PRIVATE void lc_polygon_finish(lua_State *L);

/* A polygon userdata argument. */
LC_PRIVATE const collide_polygon *lc_checkpolygon(lua_State *L, const lc_fn *fn,
                                                  int idx);

/* A convex userdata argument: the core's hull, which is the userdata's
   block itself (collide_convex_init writes its arrays after it). */
LC_PRIVATE const collide_convex *lc_checkconvex(lua_State *L, const lc_fn *fn,
                                                int idx);
/* A new convex object of need bytes (pushed): its block, for
   collide_convex_copy to fill. Only from a function with the module's
   upvalues. */
LC_PRIVATE void *lc_pushconvex(lua_State *L, int need);

/* A rotation argument: a number (an angle about z) or a table or object
   with number fields w, x, y, z (a quaternion; the core checks that it is
   unit). */
LC_PRIVATE void lc_checkrotation(lua_State *L, const lc_fn *fn, int idx,
                                 collide_rotation *out);

/* ---- generated entry points (lcollide_api.h) ---- */

/* Result kinds, as named in lcollide_api.h. */
enum {
  LC_R_HIT, LC_R_INTERVAL, LC_R_INTERVAL_NORMAL, LC_R_TEST, LC_R_VEC,
  LC_R_NUMBER, LC_R_PLANE
};

/* One line of lcollide_api.h: the function's name for messages, its
   argument kinds ("NVVP") and its result kind. */
typedef struct lc_sig {
  lc_fn fn;
  const char *kinds;
  int nargs;                     /* the length of kinds */
  int result;
} lc_sig;

/* A line of a list of lcollide_api.h as the FFI backend reads it: {name,
   core_function, kinds, RESULT, where}; lc_push_rows pushes n of them as a
   table of arrays (lcollide_api.c). */
typedef struct lc_api_row { const char *name, *cfn, *kinds, *result, *where; } lc_api_row;
LC_PRIVATE void lc_push_rows(lua_State *L, const lc_api_row *rows, int n);

/* One argument, read according to its kind. */
typedef union lc_arg {
  double n;                      /* N */
  collide_vec3 v;                /* V, S */
  const collide_plane *p;        /* P */
  const collide_polygon *g;      /* G */
  const collide_convex *x;       /* C */
  collide_rotation r;            /* R */
  struct { const double *p; int n; } arr;   /* A: n entries of 6 numbers */
} lc_arg;


/* Push a new plane object. */
LC_PRIVATE collide_plane *lc_pushplane(lua_State *L, const collide_plane *pl);
/* Formats a number the same way on every Lua version: %.14g ("1", "0.5",
   "1e+20"), which is what Lua 5.1-5.3 print for floats. */
LC_PRIVATE void lc_format_number(char *buf, size_t n, double x);

/* Push a new vec3 with the given value. */
LC_PRIVATE collide_vec3 *lc_pushvec(lua_State *L, const collide_vec3 *v);
/* Push the result vector into the out-vector at out_idx when one is given
   there (it must be a vec3), else into a new vec3. */
LC_PRIVATE void lc_pushvec_out(lua_State *L, const lc_fn *fn, int out_idx,
                    const collide_vec3 *v);

/* Check the n out-vectors from idx (absent, nil or a vec3), before the
   query runs, so that a bad one is an error on a miss too. */
LC_PRIVATE void lc_checkouts(lua_State *L, const lc_fn *fn, int idx, int n);

/* Push a COLLIDE_FEATURE_* value's name ("face", "edge", "vertex"). */
LC_PRIVATE void lc_pushfeature(lua_State *L, int feature);

/* Push the result of a core query returning a collide_hit:
   false | true, u, point, normal, feature. Out-vectors at out_idx and
   out_idx + 1. Raises on code < 0 (argument numbers from first_idx). */
LC_PRIVATE int lc_pushhit(lua_State *L, const lc_fn *fn, int code, const collide_hit *h,
               int first_idx, int out_idx);

/* Push the LC_NUV upvalues every function of the module carries. */
LC_PRIVATE void lc_pushupvalues(lua_State *L);
/* Register the functions of l into the table at the top of the stack, each
   with the LC_NUV module upvalues, plus the value at
   extra_idx as one more upvalue when extra_idx != 0. */
LC_PRIVATE void lc_setfuncs(lua_State *L, const luaL_Reg *l, int extra_idx);

/* The parts of the binding, listed by the entry point (lcollide.c): each
   fills its types' metatables and method tables (made by the entry point,
   in the registry under LC_MT_* and LC_MT_* ".methods") and adds its
   functions to the module table at the top of the stack. */
LC_PRIVATE void lc_open_vec3(lua_State *L);
LC_PRIVATE void lc_open_shapes(lua_State *L);
LC_PRIVATE void lc_open_convex(lua_State *L);
LC_PRIVATE void lc_open_api(lua_State *L);
LC_PRIVATE void lc_open_world(lua_State *L);

/* For a part: pushes the method table of the type whose metatable is
   registered as mt. */
LC_PRIVATE void lc_pushmethods(lua_State *L, const char *mt);
/* For a part: fills the metatable registered as mt with the metamethods
   meta and its method table with methods (either may be NULL), and sets
   __index to the C function index (when not NULL) with the method table as
   its extra upvalue (LC_UV_METHODS). */
LC_PRIVATE void lc_filltype(lua_State *L, const char *mt, const luaL_Reg *meta,
                            const luaL_Reg *methods, lua_CFunction index);

#endif
