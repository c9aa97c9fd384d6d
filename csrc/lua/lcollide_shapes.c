/*
 * lcollide_shapes.c -- the shape objects of the C-API binding: planes and
 * polygons (their fields, tostring, immutability) and polygon construction
 * from an array. The plane constructors, plane:distance and every query
 * taking these objects are generated from lcollide_api.h (lcollide_api.c).
 */
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "lcollide.h"

static const lc_fn F_INDEX = {"__index", 0};

/* t.k for a key that names nothing is an error, as for vec3: a typo must not
   read as nil. */
static int no_field(lua_State *L, const char *type) {
  return luaL_error(L, "%s has no field '%s'", type,
                    lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2)
                                                  : luaL_typename(L, 2));
}

/* ---- plane ---------------------------------------------------------------- */

static int plane_index(lua_State *L) {
  const collide_plane *p = lc_checkplane(L, &F_INDEX, 1);
  if (lua_type(L, 2) == LUA_TSTRING) {
    const char *k = lua_tostring(L, 2);
    if (strcmp(k, "normal") == 0) { lc_pushvec(L, &p->normal); return 1; }
    if (strcmp(k, "d") == 0) { lua_pushnumber(L, p->d); return 1; }
  }
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(LC_UV_METHODS));
  if (lua_isnil(L, -1)) return no_field(L, "plane");
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
  lc_format_number(x, sizeof x, p->normal.x);
  lc_format_number(y, sizeof y, p->normal.y);
  lc_format_number(z, sizeof z, p->normal.z);
  lc_format_number(d, sizeof d, p->d);
  lua_pushfstring(L, "plane(vec3(%s, %s, %s), %s)", x, y, z, d);
  return 1;
}

static const luaL_Reg plane_meta[] = {
  {"__newindex", plane_newindex}, {"__tostring", plane_tostring},
  {NULL, NULL}
};

/* ---- polygon ---------------------------------------------------------------
 * One userdata holds the core's collide_polygon and its vertices right after
 * it (lc_polygon). Its user value is a table whose [1] is the plane, made
 * once, so p.plane is the same immutable plane object on every access. */

static const lc_fn F_POLYGON = {"polygon", 0};

lc_polygon *lc_newpolygon(lua_State *L, int n) {
  return (lc_polygon *)lc_newuserdata(L, sizeof(lc_polygon) +
                                      (size_t)n * sizeof(collide_vec3), 1);
}

void lc_polygon_finish(lua_State *L) {
  lc_polygon *p = (lc_polygon *)lua_touserdata(L, -1);
  lua_pushvalue(L, lua_upvalueindex(LC_UV_POLYGON));
  lua_setmetatable(L, -2);
  /* user value {plane} */
  lua_createtable(L, 1, 0);
  lc_pushplane(L, &p->poly.plane);
  lua_rawseti(L, -2, 1);
  lc_setuservalue(L, -2);
}

/* collide.polygon(vertices) */
static int l_polygon(lua_State *L) {
  lc_polygon *p;
  size_t n;
  int i, code;
  if (lua_type(L, 1) != LUA_TTABLE) return lc_typeerror(L, &F_POLYGON, 1, "table");
  n = lc_rawlen(L, 1);
  if (n > COLLIDE_MAX_POLYGON_VERTICES)   /* before reading them */
    return lc_argerror(L, &F_POLYGON, 1,
                       collide_reason_message(COLLIDE_E_TOO_MANY_VERTICES));
  p = lc_newpolygon(L, (int)n);
  for (i = 0; i < (int)n; i++)
    lc_checkvec_at(L, &F_POLYGON, 1, i + 1, &p->vertices[i]);
  code = collide_polygon_init(p->vertices, collide_polygon_open_count(p->vertices, (int)n),
                              &p->poly);
  if (code < 0) return lc_coreerror(L, &F_POLYGON, code, 1);
  lc_polygon_finish(L);
  return 1;
}

static int polygon_vertices(lua_State *L) {
  static const lc_fn F = {"vertices", 1};
  const collide_polygon *poly = lc_checkpolygon(L, &F, 1);
  int i;
  lua_createtable(L, poly->count, 0);
  for (i = 0; i < poly->count; i++) {
    lc_pushvec(L, &poly->vertices[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int polygon_index(lua_State *L) {
  static const lc_fn F = {"__index", 0};
  lc_checkpolygon(L, &F, 1);
  if (lua_type(L, 2) == LUA_TSTRING && strcmp(lua_tostring(L, 2), "plane") == 0) {
    lc_getuservalue(L, 1);
    lua_rawgeti(L, -1, 1);
    return 1;
  }
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(LC_UV_METHODS));
  if (lua_isnil(L, -1)) return no_field(L, "polygon");
  return 1;
}

/* Polygons are immutable, like planes: queries rely on the validation. */
static int polygon_newindex(lua_State *L) {
  return luaL_error(L, "polygons are read-only (make a new one with "
                       "collide.polygon)");
}

static int polygon_tostring(lua_State *L) {
  static const lc_fn F = {"__tostring", 0};
  const collide_polygon *poly = lc_checkpolygon(L, &F, 1);
  lua_pushfstring(L, "polygon(%d vertices)", poly->count);
  return 1;
}

static int polygon_len(lua_State *L) {
  static const lc_fn F = {"__len", 0};
  lua_pushinteger(L, lc_checkpolygon(L, &F, 1)->count);
  return 1;
}

static const luaL_Reg polygon_meta[] = {
  {"__newindex", polygon_newindex}, {"__tostring", polygon_tostring},
  {"__len", polygon_len},
  {NULL, NULL}
};

static const luaL_Reg polygon_methods[] = {
  {"vertices", polygon_vertices},
  {NULL, NULL}
};

static const luaL_Reg shape_funcs[] = {
  {"polygon", l_polygon},
  {NULL, NULL}
};

void lc_open_shapes(lua_State *L) {
  lc_filltype(L, LC_MT_PLANE, plane_meta, NULL, plane_index);
  lc_filltype(L, LC_MT_POLYGON, polygon_meta, polygon_methods, polygon_index);
  lc_setfuncs(L, shape_funcs, 0);
}
