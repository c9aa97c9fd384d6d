/*
 * lcollide.c -- the entry point of the Lua C-API binding (collide.core).
 *
 * It only makes the module's metatables, so that every function of every
 * part can carry them as upvalues, and then lists the parts (as LuaSocket's
 * luaopen_socket_core loops over its mod[] table):
 *   lcollide_aux.c     helpers every part shares (errors, arguments, results)
 *   lcollide_vec3.c    the vec3 type
 *   lcollide_shapes.c  the plane and polygon objects
 *   lcollide_convex.c  the convex objects (collide.convex, convex_box)
 *   lcollide_api.c     every entry point of lcollide_api.h, generated
 *   lcollide_world.c   collide.world and collide.sweep_pairs
 * It sets no globals; the module table carries _VERSION.
 */
#if !defined(_WIN32) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE   /* dladdr, RTLD_NODELETE (glibc): keep_loaded */
#endif
#include "lcollide.h"

#if defined(_WIN32)
#include <windows.h>
#elif defined(__unix__) || defined(__APPLE__)
#include <dlfcn.h>
#endif

#if defined(__GNUC__) && !defined(_WIN32)
#define LC_EXPORT __attribute__((visibility("default")))
#elif defined(_WIN32)
#define LC_EXPORT __declspec(dllexport)
#else
#define LC_EXPORT
#endif

#define COLLIDE_VERSION "0.2.0"

/* Which Lua the object was built for, as a plain string in the file:
   lua/collide/init.lua reads it without loading the object when loading
   fails (a core built for Lua 5.4 loaded by LuaJIT fails with the dynamic
   linker's "undefined symbol: lua_getiuservalue"), to say which Lua to
   build for. LUA_VERSION is "Lua 5.1" for Lua 5.1 and LuaJIT, "Lua 5.4"
   for 5.4. Exported, so no linker drops it. */
LC_EXPORT extern const char collide_core_built_for[];
LC_EXPORT const char collide_core_built_for[] =
  "collide.core built for " LUA_VERSION "\n";

/* The types: registry name (prefixed) and the name messages use. */
static const char *const types[][2] = {
  {LC_MT_VEC3, "vec3"}, {LC_MT_PLANE, "plane"}, {LC_MT_POLYGON, "polygon"},
  {LC_MT_WORLD, "world"}, {LC_MT_CONVEX, "convex"}
};

static void (*const parts[])(lua_State *L) = {
  lc_open_vec3, lc_open_shapes, lc_open_convex, lc_open_api, lc_open_world
};

LC_EXPORT int luaopen_collide_core(lua_State *L);

/* This object stays loaded until the process ends. LuaJIT's lua_close runs
   the finalizers in rounds and unloads C libraries (dlclose, FreeLibrary)
   in the first: a world made by a finalizer then (a game's entity that
   makes or keeps one in its __gc) was finalized in the next round, by
   code no longer mapped -- a crash at exit (Lua 5.2+ finalize the loaded
   libraries last; LuaJIT keeps 5.1's order). The object is opened once
   more by its own name (dladdr of one of its own symbols), never closed,
   and marked not to be unloaded where the loader can (RTLD_NODELETE; on
   Windows, pinned). Nothing else needs it: no state, no global. */
static void keep_loaded(void) {
#if defined(_WIN32)
  HMODULE h;
  (void)GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS |
                           GET_MODULE_HANDLE_EX_FLAG_PIN,
                           collide_core_built_for, &h);
#elif defined(__unix__) || defined(__APPLE__)
  Dl_info info;
  if (dladdr(collide_core_built_for, &info) != 0 && info.dli_fname != NULL) {
#if defined(RTLD_NODELETE) && defined(RTLD_NOLOAD)
    (void)dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
#else
    (void)dlopen(info.dli_fname, RTLD_NOW);
#endif
  }
#endif
}

LC_EXPORT int luaopen_collide_core(lua_State *L) {
  size_t i;
#if LUA_VERSION_NUM >= 502
  /* A module built for another Lua (say 5.3 headers, loaded by 5.4) fails
     here with a message instead of misreading the state. */
  luaL_checkversion(L);
#endif
  keep_loaded();
  /* The metatables and method tables exist first, so that every function
     can capture them. */
  for (i = 0; i < sizeof types / sizeof types[0]; i++) {
    luaL_newmetatable(L, types[i][0]);
    lua_pushstring(L, types[i][1]);
    lua_setfield(L, -2, "__name");     /* 5.1/5.2 do not set it; 5.3+ set
                                          the prefixed name */
    /* Protected: getmetatable gives this string, so a script cannot call a
       metamethod by hand (a world's __gc in the middle of a query) or
       replace one the module relies on. The binding reads its metatables
       from upvalues and lua_getmetatable, which ignore __metatable. */
    lua_pushstring(L, types[i][0]);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    lua_pushfstring(L, "%s.methods", types[i][0]);
    lua_newtable(L);
    lua_rawset(L, LUA_REGISTRYINDEX);
  }
  lua_newtable(L);
  for (i = 0; i < sizeof parts / sizeof parts[0]; i++) parts[i](L);
  lua_pushliteral(L, COLLIDE_VERSION);
  lua_setfield(L, -2, "_VERSION");
  lua_pushnumber(L, COLLIDE_MAX_COORD);
  lua_setfield(L, -2, "max_coord");
  return 1;
}
