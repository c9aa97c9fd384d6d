/*
 * lcollide_compat.h -- the few differences between Lua 5.1 (and LuaJIT),
 * 5.2, 5.3 and 5.4 that the binding meets, under private names so that no
 * real API name is ever redefined (LuaJIT reports 501 yet declares some of
 * the 5.2 auxiliary functions itself).
 */
#ifndef LCOLLIDE_COMPAT_H
#define LCOLLIDE_COMPAT_H

#include "lua.h"
#include "lauxlib.h"

#if LUA_VERSION_NUM >= 504
#  define lc_newuserdata(L, sz, nuv) lua_newuserdatauv((L), (sz), (nuv))
#  define lc_setuservalue(L, idx) ((void)lua_setiuservalue((L), (idx), 1))
#  define lc_getuservalue(L, idx) ((void)lua_getiuservalue((L), (idx), 1))
#elif LUA_VERSION_NUM >= 502
#  define lc_newuserdata(L, sz, nuv) lua_newuserdata((L), (sz))
#  define lc_setuservalue(L, idx) lua_setuservalue((L), (idx))
#  define lc_getuservalue(L, idx) ((void)lua_getuservalue((L), (idx)))
#else
/* 5.1 / LuaJIT: a userdata's environment table serves as its user value. */
#  define lc_newuserdata(L, sz, nuv) lua_newuserdata((L), (sz))
#  define lc_setuservalue(L, idx) ((void)lua_setfenv((L), (idx)))
#  define lc_getuservalue(L, idx) lua_getfenv((L), (idx))
#endif

#if LUA_VERSION_NUM >= 502
#  define lc_rawlen(L, idx) lua_rawlen((L), (idx))
#else
#  define lc_rawlen(L, idx) lua_objlen((L), (idx))
#endif

/* lua_rawgeti, returning the type of the value it pushed (5.3 does; 5.1
   and 5.2 return nothing). */
#if LUA_VERSION_NUM >= 503
#  define lc_rawgeti_type(L, idx, i) lua_rawgeti((L), (idx), (i))
#else
#  define lc_rawgeti_type(L, idx, i) (lua_rawgeti((L), (idx), (i)), lua_type((L), -1))
#endif

#endif
