/*
 * lcollide_convex.c -- the convex objects of the C-API binding:
 * collide.convex(points) and collide.convex_box(e), their fields, methods,
 * tostring and immutability. The hull is built by the core
 * (collide_convex_init, collide_hull.c) straight into the userdata's block:
 * the core's collide_convex followed by its arrays, which point into the
 * block (full userdata never move). The queries taking a convex object
 * are generated from lcollide_api.h (kind C).
 */
#include <string.h>

#include "lcollide.h"

static const lc_fn F_CONVEX = {"convex", 0};
static const lc_fn F_CONVEX_BOX = {"convex_box", 0};

const collide_convex *lc_checkconvex(lua_State *L, const lc_fn *fn, int idx) {
  const collide_convex *h = (const collide_convex *)lc_toudata(L, idx, LC_UV_CONVEX);
  if (h == NULL) lc_typeerror(L, fn, idx, "convex");
  return h;
}

/* The rotation at idx (lcollide.h). Its fields are read with lua_getfield,
   so an object whose __index gives them is accepted as a table is. */
void lc_checkrotation(lua_State *L, const lc_fn *fn, int idx,
                      collide_rotation *out) {
  static const char *const names[4] = {"w", "x", "y", "z"};
  double q[4];
  int t = lua_type(L, idx), i;
  out->is_angle = 0;
  out->angle = 0;
  if (t == LUA_TNUMBER) {
    out->is_angle = 1;
    out->angle = (double)lua_tonumber(L, idx);
    out->w = out->x = out->y = out->z = 0;
    return;
  }
  /* the module's own vector, plane, polygon and convex objects raise on
     an unknown field: never a rotation, so a type error here instead */
  if ((t != LUA_TTABLE && t != LUA_TUSERDATA) ||
      lc_toudata(L, idx, LC_UV_VEC3) != NULL ||
      lc_toudata(L, idx, LC_UV_PLANE) != NULL ||
      lc_toudata(L, idx, LC_UV_POLYGON) != NULL ||
      lc_toudata(L, idx, LC_UV_CONVEX) != NULL) {
    lc_typeerror(L, fn, idx, "rotation (angle or quaternion)");
    return;
  }
  if (t == LUA_TUSERDATA) {
    /* one of collide's own objects (a vec3, a plane, ...) is no
       quaternion: named here, before its strict __index would raise an
       error that names no argument ("vec3 has no field 'w'") */
    static const char *const own[] = {LC_MT_VEC3, LC_MT_PLANE, LC_MT_POLYGON,
                                      LC_MT_WORLD, LC_MT_CONVEX};
    if (lua_getmetatable(L, idx)) {
      for (i = 0; i < (int)(sizeof own / sizeof own[0]); i++) {
        int same;
        luaL_getmetatable(L, own[i]);
        same = lua_rawequal(L, -1, -2);
        lua_pop(L, 1);
        if (same) {
          lua_pop(L, 1);
          lc_typeerror(L, fn, idx, "rotation (angle or quaternion)");
          return;
        }
      }
      lua_pop(L, 1);
    }
  }
  for (i = 0; i < 4; i++) {
    lua_getfield(L, idx, names[i]);
    if (lua_type(L, -1) != LUA_TNUMBER) {
      lua_pushfstring(L, "quaternion expected, got %s with non-number %s",
                      lc_typename(L, idx), names[i]);
      lc_argerror(L, fn, idx, lua_tostring(L, -1));
      return;
    }
    q[i] = (double)lua_tonumber(L, -1);
    lua_pop(L, 1);
  }
  out->w = q[0];
  out->x = q[1];
  out->y = q[2];
  out->z = q[3];
}

/* A new convex userdata of need bytes, filled by init (called with it),
   given its metatable: left on the stack. */
static void push_hull(lua_State *L, int need) {
  lc_newuserdata(L, (size_t)need, 0);
  lua_pushvalue(L, lua_upvalueindex(LC_UV_CONVEX));
  lua_setmetatable(L, -2);
}

/* A new convex object of need bytes, for a hull to be copied into the
   block returned (w:get): left on the stack. */
void *lc_pushconvex(lua_State *L, int need) {
  push_hull(L, need);
  return lua_touserdata(L, -1);
}

/* collide.convex(points) */
static int l_convex(lua_State *L) {
  collide_vec3 pts[COLLIDE_MAX_CONVEX_POINTS];
  size_t len;
  int i, n, need;
  if (lua_type(L, 1) != LUA_TTABLE) return lc_typeerror(L, &F_CONVEX, 1, "table");
  len = lc_rawlen(L, 1);
  n = len > COLLIDE_MAX_CONVEX_POINTS ? COLLIDE_MAX_CONVEX_POINTS + 1 : (int)len;
  if (n < 3 || n > COLLIDE_MAX_CONVEX_POINTS)   /* before reading them */
    return lc_coreerror(L, &F_CONVEX, collide_convex_init(NULL, n, NULL, 0), 1);
  for (i = 0; i < n; i++) lc_checkvec_at(L, &F_CONVEX, 1, i + 1, &pts[i]);
  need = collide_convex_init(pts, n, NULL, 0);
  if (need < 0) return lc_coreerror(L, &F_CONVEX, need, 1);
  push_hull(L, need);
  collide_convex_init(pts, n, lua_touserdata(L, -1), need);
  return 1;
}

/* collide.convex_box(e) */
static int l_convex_box(lua_State *L) {
  collide_vec3 e;
  int need;
  lc_checkvec(L, &F_CONVEX_BOX, 1, &e);
  need = collide_convex_box_init(&e, NULL, 0);
  if (need < 0) return lc_coreerror(L, &F_CONVEX_BOX, need, 1);
  push_hull(L, need);
  collide_convex_box_init(&e, lua_touserdata(L, -1), need);
  return 1;
}

/* A:vertices(): the corners, an array of new vec3 */
static int convex_vertices(lua_State *L) {
  static const lc_fn F = {"vertices", 1};
  const collide_convex *h = lc_checkconvex(L, &F, 1);
  int i;
  lua_createtable(L, h->vertex_count, 0);
  for (i = 0; i < h->vertex_count; i++) {
    lc_pushvec(L, &h->vertices[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* A:faces(): the faces' planes (outward normals), an array of new planes */
static int convex_faces(lua_State *L) {
  static const lc_fn F = {"faces", 1};
  const collide_convex *h = lc_checkconvex(L, &F, 1);
  int i;
  lua_createtable(L, h->face_count, 0);
  for (i = 0; i < h->face_count; i++) {
    lc_pushplane(L, &h->faces[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* A:face_vertices(i): face i's corners as indices into A:vertices(),
   counter-clockwise seen from outside */
static int convex_face_vertices(lua_State *L) {
  static const lc_fn F = {"face_vertices", 1};
  const collide_convex *h = lc_checkconvex(L, &F, 1);
  int f, k, a, b;
  if (lua_type(L, 2) != LUA_TNUMBER)
    return lc_typeerror(L, &F, 2, "number");
  {
    lua_Number x = lua_tonumber(L, 2);
    if (!(x >= 1 && x <= h->face_count) || x != (lua_Number)(int)x)
      return lc_argerror(L, &F, 2, "face index out of range");
    f = (int)x - 1;
  }
  a = h->face_first[f];
  b = h->face_first[f + 1];
  lua_createtable(L, b - a, 0);
  for (k = a; k < b; k++) {
    lua_pushinteger(L, h->ring[k] + 1);
    lua_rawseti(L, -2, k - a + 1);
  }
  return 1;
}

/* A:edges(): {i, j} pairs of indices into A:vertices() */
static int convex_edges(lua_State *L) {
  static const lc_fn F = {"edges", 1};
  const collide_convex *h = lc_checkconvex(L, &F, 1);
  int i;
  lua_createtable(L, h->edge_count, 0);
  for (i = 0; i < h->edge_count; i++) {
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, h->edges[2 * (size_t)i] + 1);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, h->edges[2 * (size_t)i + 1] + 1);
    lua_rawseti(L, -2, 2);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int convex_index(lua_State *L) {
  static const lc_fn F = {"__index", 0};
  const collide_convex *h = lc_checkconvex(L, &F, 1);
  if (lua_type(L, 2) == LUA_TSTRING) {
    const char *k = lua_tostring(L, 2);
    if (strcmp(k, "flat") == 0) { lua_pushboolean(L, h->flat); return 1; }
    if (strcmp(k, "radius") == 0) { lua_pushnumber(L, h->radius); return 1; }
  }
  lua_pushvalue(L, 2);
  lua_rawget(L, lua_upvalueindex(LC_UV_METHODS));
  if (lua_isnil(L, -1))
    return luaL_error(L, "convex has no field '%s'",
                      lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2)
                                                    : luaL_typename(L, 2));
  return 1;
}

/* Convex shapes are immutable: queries rely on the hull built once. */
static int convex_newindex(lua_State *L) {
  return luaL_error(L, "convex shapes are read-only (make a new one with "
                       "collide.convex)");
}

static int convex_tostring(lua_State *L) {
  static const lc_fn F = {"__tostring", 0};
  const collide_convex *h = lc_checkconvex(L, &F, 1);
  lua_pushfstring(L, "convex(%d vertices, %d faces%s)", h->vertex_count,
                  h->face_count, h->flat ? ", flat" : "");
  return 1;
}

static int convex_len(lua_State *L) {
  static const lc_fn F = {"__len", 0};
  lua_pushinteger(L, lc_checkconvex(L, &F, 1)->vertex_count);
  return 1;
}

static const luaL_Reg convex_meta[] = {
  {"__newindex", convex_newindex}, {"__tostring", convex_tostring},
  {"__len", convex_len},
  {NULL, NULL}
};

static const luaL_Reg convex_methods[] = {
  {"vertices", convex_vertices}, {"faces", convex_faces},
  {"face_vertices", convex_face_vertices}, {"edges", convex_edges},
  {NULL, NULL}
};

static const luaL_Reg convex_funcs[] = {
  {"convex", l_convex}, {"convex_box", l_convex_box},
  {NULL, NULL}
};

void lc_open_convex(lua_State *L) {
  lc_filltype(L, LC_MT_CONVEX, convex_meta, convex_methods, convex_index);
  lc_setfuncs(L, convex_funcs, 0);
}
