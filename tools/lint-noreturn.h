/* lint-noreturn.h -- force-included by `make lint` into clang-tidy's view of
 * the sources only. Lua's luaL_error and lua_error raise (longjmp) and never
 * return, but lauxlib.h does not say so, so the analyzer follows the
 * impossible fall-through paths after an argument error and reports
 * garbage values there. Redeclaring them with analyzer_noreturn tells it. */
#ifndef LINT_NORETURN_H
#define LINT_NORETURN_H
#include "lua.h"
#include "lauxlib.h"
int luaL_error(lua_State *L, const char *fmt, ...)
    __attribute__((analyzer_noreturn));
int lua_error(lua_State *L) __attribute__((analyzer_noreturn));
#endif
