/*
 * lcollide_shapes.c -- the Lua C-API binding of collide_shapes.c: the
 * polygon type, the sphere sweeps against triangles, polygons, segments and
 * boxes, the box-box sweep and the ray casts against spheres, triangles,
 * polygons and boxes. Follows lcollide.c: argument types are checked here
 * in order, values are checked by the core, results go through lc_pushhit.
 */
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "lcollide.h"

/* ---- polygon ---------------------------------------------------------------
 * One userdata holds the core's collide_polygon and its vertices right after
 * it (full userdata never move, so poly.vertices may point into it). Its
 * user value is a table whose [1] is the plane, made once, so p.plane is
 * the same immutable plane object on every access. */

typedef struct lc_polygon {
  collide_polygon poly;
  collide_vec3 vertices[];    /* count of them, allocated with the struct */
} lc_polygon;

static const lc_fn F_POLYGON = {"polygon", 0};

static const collide_polygon *check_polygon(lua_State *L, const lc_fn *fn, int idx) {
  lc_polygon *p = (lc_polygon *)lc_toudata(L, idx, LC_UV_POLYGON);
  if (p == NULL) {
    lc_typeerror(L, fn, idx, "polygon");
    return NULL;
  }
  return &p->poly;
}

/* collide.polygon(vertices) */
static int l_polygon(lua_State *L) {
  lc_polygon *p;
  collide_plane *pl;
  size_t n;
  int i, code;
  if (lua_type(L, 1) != LUA_TTABLE) return lc_typeerror(L, &F_POLYGON, 1, "table");
  n = lc_rawlen(L, 1);
  if (n > (size_t)(INT_MAX / 2) / sizeof(collide_vec3))
    return lc_argerror(L, &F_POLYGON, 1, "too many vertices");
  p = (lc_polygon *)lc_newuserdata(L, sizeof(lc_polygon) +
                                   n * sizeof(collide_vec3), 1);
  for (i = 0; i < (int)n; i++)
    lc_checkvec_at(L, &F_POLYGON, 1, i + 1, &p->vertices[i]);
  code = collide_polygon_init(&p->poly, p->vertices, (int)n);
  if (code < 0) return lc_coreerror(L, &F_POLYGON, code, 1);
  lua_pushvalue(L, lua_upvalueindex(LC_UV_POLYGON));
  lua_setmetatable(L, -2);
  /* user value {plane} */
  lua_createtable(L, 1, 0);
  pl = (collide_plane *)lc_newuserdata(L, sizeof *pl, 0);
  *pl = p->poly.plane;
  lua_pushvalue(L, lua_upvalueindex(LC_UV_PLANE));
  lua_setmetatable(L, -2);
  lua_rawseti(L, -2, 1);
  lc_setuservalue(L, -2);
  return 1;
}

static int polygon_vertices(lua_State *L) {
  static const lc_fn F = {"vertices", 1};
  const collide_polygon *poly = check_polygon(L, &F, 1);
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
  check_polygon(L, &F, 1);
  if (lua_type(L, 2) == LUA_TSTRING && strcmp(lua_tostring(L, 2), "plane") == 0) {
    lc_getuservalue(L, 1);
    lua_rawgeti(L, -1, 1);
    return 1;
  }
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(LC_UV_METHODS));
  return 1;
}

/* Polygons are immutable, like planes: queries rely on the validation. */
static int polygon_newindex(lua_State *L) {
  return luaL_error(L, "polygons are read-only (make a new one with "
                       "collide.polygon)");
}

static int polygon_tostring(lua_State *L) {
  static const lc_fn F = {"__tostring", 0};
  const collide_polygon *poly = check_polygon(L, &F, 1);
  lua_pushfstring(L, "polygon(%d vertices)", poly->count);
  return 1;
}

static int polygon_len(lua_State *L) {
  static const lc_fn F = {"__len", 0};
  lua_pushinteger(L, check_polygon(L, &F, 1)->count);
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

/* ---- sphere sweeps ---------------------------------------------------------- */

static int l_sweep_sphere_triangle(lua_State *L) {
  static const lc_fn F = {"sweep_sphere_triangle", 0};
  collide_vec3 v[5];
  collide_hit h;
  double r = lc_checknumber(L, &F, 1);
  lc_checkvecs(L, &F, 2, 5, v);
  return lc_pushhit(L, &F, collide_sweep_sphere_triangle(r, &v[0], &v[1], &v[2],
                                                         &v[3], &v[4], &h),
                    &h, 1, 7);
}

static int l_sweep_sphere_polygon(lua_State *L) {
  static const lc_fn F = {"sweep_sphere_polygon", 0};
  collide_vec3 c[2];
  collide_hit h;
  const collide_polygon *poly;
  double r = lc_checknumber(L, &F, 1);
  lc_checkvecs(L, &F, 2, 2, c);
  poly = check_polygon(L, &F, 4);
  return lc_pushhit(L, &F, collide_sweep_sphere_polygon(r, &c[0], &c[1], poly, &h),
                    &h, 1, 5);
}

static int l_sweep_sphere_segment(lua_State *L) {
  static const lc_fn F = {"sweep_sphere_segment", 0};
  collide_vec3 v[4];
  collide_hit h;
  double r = lc_checknumber(L, &F, 1);
  lc_checkvecs(L, &F, 2, 4, v);
  return lc_pushhit(L, &F, collide_sweep_sphere_segment(r, &v[0], &v[1], &v[2],
                                                        &v[3], &h),
                    &h, 1, 6);
}

static int l_sweep_sphere_aabb(lua_State *L) {
  static const lc_fn F = {"sweep_sphere_aabb", 0};
  collide_vec3 v[4];
  collide_hit h;
  double r = lc_checknumber(L, &F, 1);
  lc_checkvecs(L, &F, 2, 4, v);
  return lc_pushhit(L, &F,
                    collide_sweep_sphere_aabb(r, &v[0], &v[1], &v[2], &v[3], &h),
                    &h, 1, 6);
}

/* true, u0, u1, normal; the normal goes into the out-vector at 7 if given. */
static int l_sweep_aabb_aabb(lua_State *L) {
  static const lc_fn F = {"sweep_aabb_aabb", 0};
  collide_vec3 v[6];
  collide_interval iv;
  int code;
  lc_checkvecs(L, &F, 1, 6, v);
  code = collide_sweep_aabb_aabb(&v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &iv);
  if (code < 0) return lc_coreerror(L, &F, code, 1);
  if (code == 0) {
    lua_pushboolean(L, 0);
    return 1;
  }
  lua_settop(L, 7);
  lua_pushboolean(L, 1);
  lua_pushnumber(L, iv.u0);
  lua_pushnumber(L, iv.u1);
  lc_pushvec_out(L, &F, 7, &iv.normal);
  return 4;
}

/* ---- ray casts ---------------------------------------------------------------- */

static int l_raycast_sphere(lua_State *L) {
  static const lc_fn F = {"raycast_sphere", 0};
  collide_vec3 v[3];
  collide_hit h;
  double r;
  lc_checkvecs(L, &F, 1, 3, v);
  r = lc_checknumber(L, &F, 4);
  return lc_pushhit(L, &F, collide_raycast_sphere(&v[0], &v[1], &v[2], r, &h),
                    &h, 1, 5);
}

static int l_raycast_triangle(lua_State *L) {
  static const lc_fn F = {"raycast_triangle", 0};
  collide_vec3 v[5];
  collide_hit h;
  lc_checkvecs(L, &F, 1, 5, v);
  return lc_pushhit(L, &F, collide_raycast_triangle(&v[0], &v[1], &v[2], &v[3],
                                                    &v[4], &h),
                    &h, 1, 6);
}

static int l_raycast_polygon(lua_State *L) {
  static const lc_fn F = {"raycast_polygon", 0};
  collide_vec3 p[2];
  collide_hit h;
  const collide_polygon *poly;
  lc_checkvecs(L, &F, 1, 2, p);
  poly = check_polygon(L, &F, 3);
  return lc_pushhit(L, &F, collide_raycast_polygon(&p[0], &p[1], poly, &h), &h, 1, 4);
}

static int l_raycast_aabb(lua_State *L) {
  static const lc_fn F = {"raycast_aabb", 0};
  collide_vec3 v[4];
  collide_hit h;
  lc_checkvecs(L, &F, 1, 4, v);
  return lc_pushhit(L, &F, collide_raycast_aabb(&v[0], &v[1], &v[2], &v[3], &h),
                    &h, 1, 5);
}

static const luaL_Reg shape_funcs[] = {
  {"polygon", l_polygon},
  {"sweep_sphere_triangle", l_sweep_sphere_triangle},
  {"sweep_sphere_polygon", l_sweep_sphere_polygon},
  {"sweep_sphere_segment", l_sweep_sphere_segment},
  {"sweep_sphere_aabb", l_sweep_sphere_aabb},
  {"sweep_aabb_aabb", l_sweep_aabb_aabb},
  {"raycast_sphere", l_raycast_sphere},
  {"raycast_triangle", l_raycast_triangle},
  {"raycast_polygon", l_raycast_polygon},
  {"raycast_aabb", l_raycast_aabb},
  {NULL, NULL}
};

/* Fills the polygon metatable (made by luaopen_collide_core) and adds the
   functions to the module table at the top of the stack. */
void lc_open_shapes(lua_State *L) {
  luaL_getmetatable(L, "polygon");
  lc_setfuncs(L, polygon_meta, 0);
  lua_newtable(L);
  lc_setfuncs(L, polygon_methods, 0);
  /* __index: a closure with the method table as its extra upvalue */
  {
    static const luaL_Reg index[] = {{"__index", polygon_index}, {NULL, NULL}};
    lua_pushvalue(L, -2);             /* the metatable on top */
    lc_setfuncs(L, index, -2);        /* extra upvalue: the method table */
    lua_pop(L, 3);
  }
  lc_setfuncs(L, shape_funcs, 0);
}
