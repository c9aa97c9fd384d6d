--- collide.ffi_world: collide.world for the FFI backend, over the core's
-- world functions (csrc/core/collide_world.c), mirroring the C-API binding
-- csrc/lua/lcollide_world.c check for check and message for message.
--
-- A world is a Lua table {pointer, data}: the core's collide_world pointer
-- with a finalizer (ffi.gc), and the table of the Lua values kept with its
-- shapes (id -> data); its metatable holds the methods. The data live in
-- the world object itself, as in the C API (the userdata's user value):
-- kept in a weak table keyed by the world, as they once were, a value that
-- refers back to its world (an entity that knows its world) kept the key
-- alive, and such a world was never collected (LuaJIT has no ephemerons).
--
-- Filters are a function or an integer mask. A mask goes to the core as
-- collide_world_layer_filter with a pointer to the mask: no Lua is called
-- and the query stays inside JIT traces. A function: for the sweeps and
-- rays, the core calls one C callback made once per Lua state; it runs
-- the Lua filter under pcall (a Lua error must not unwind through the core,
-- which holds the world locked during a query) and, on error, aborts the
-- query; the error is raised again once the core has returned. LuaJIT must
-- not call back into Lua from compiled code, so the calls that pass the
-- callback are in functions kept out of the JIT (jit.off); without a
-- filter, queries compile and allocate nothing with out-vectors. For the
-- lists (raycast_all, overlaps) the core lists every shape and the
-- function is called here on the list, as lcollide_world.c does.
--
-- The plain methods (add_<shape>, overlap_<shape>, the sweeps and raycast)
-- are not written here: they are made from the list LC_API_WORLD_METHODS
-- of csrc/lua/lcollide_api.h, which the C API's world methods are made
-- from too (see "the methods declared in csrc/lua/lcollide_api.h").
--
-- collide.sweep_pairs is here too, over collide_sweep_pairs.

return function(E)
  local ffi, C, capi = E.ffi, E.C, E.capi
  local V, P, G, S = E.V, E.P, E.G, E.S
  local istype, fn, raise = E.istype, E.fn, E.raise
  local argerror, typeerror, coreerror = E.argerror, E.typeerror, E.coreerror
  local tovec, outvec, typename, FEATURE = E.tovec, E.outvec, E.typename, E.FEATURE
  local checkvec_at = E.checkvec_at

  local type, pcall, error, floor, huge = type, pcall, error, math.floor, math.huge
  local new = ffi.new

  local W = ffi.typeof("collide_world *")
  -- The core's view of a plane or polygon object (ffi.lua's read-only
  -- collide_ffi_plane and collide_ffi_cpolygon have its layout).
  local PLANE_PTR = ffi.typeof("const collide_plane *")
  local POLYGON_PTR = ffi.typeof("const collide_polygon *")
  local cast = ffi.cast
  E.register_type(W, "world")

  local methods = {}
  local meta = { __name = "world", __index = methods }
  -- (no new fields, as on a userdata; a script that overwrites the two
  -- slots gets "world expected" from the next call, never a crash)
  function meta.__newindex()
    raise("worlds have no fields to set")
  end

  -- ---- errors and checks -------------------------------------------------


  -- lcollide_world.c world_error: errors of no argument (memory, a locked
  -- world) are plain "name: message".
  local function world_error(f, code)
    if C.collide_error_arg(code) == 0 then
      raise(f.name .. ": " .. ffi.string(C.collide_error_message(code)))
    end
    coreerror(f, code, 1)
  end

  -- A world argument (self): its core pointer and its data table.
  local function check_world(f, w)
    if getmetatable(w) == meta then
      local p = w[1]
      if istype(W, p) then return p, w[2] end
    end
    typeerror(f, 1, "world", w)
  end

  local function check_number(f, idx, x)
    if type(x) ~= "number" then typeerror(f, idx, "number", x) end
  end

  -- ---- construction, shapes, data ------------------------------------------

  function E.M.world()
    local w = C.collide_world_new()
    if w == nil then raise("world: not enough memory") end
    return setmetatable({ ffi.gc(w, C.collide_world_free), {} }, meta)
  end

  local F_TOSTRING = fn("__tostring")

  function meta.__tostring(self)
    local w = check_world(F_TOSTRING, self)
    return "world(" .. C.collide_world_count(w) .. " shapes)"
  end

  -- Keeps data with the new id (lcollide_world.c added).
  local function added(f, D, id, data)
    if id < 0 then world_error(f, id) end
    if type(data) ~= "nil" then D[id] = data end
    return id
  end

  local F_POLY = fn("add_polygon", 1)

  -- A polygon, or an array of 3 or more vectors.
  function methods.add_polygon(self, p, data)
    local w, D = check_world(F_POLY, self)
    if istype(G, p) then
      return added(F_POLY, D, C.collide_world_add_polygon(w, cast(POLYGON_PTR, p)), data)
    end
    if type(p) ~= "table" then typeerror(F_POLY, 2, "polygon", p) end
    local n = #p
    if n < 3 then
      argerror(F_POLY, 2, ffi.string(C.collide_reason_message(C.COLLIDE_E_FEW_VERTICES)))
    end
    local vs = new("collide_vec3[?]", n)
    for i = 1, n do checkvec_at(F_POLY, 2, p, i, vs[i - 1]) end
    local poly = new("collide_polygon")
    local code = C.collide_polygon_init(vs, n, poly)
    if code < 0 then
      argerror(F_POLY, 2, ffi.string(C.collide_error_message(code)))
    end
    return added(F_POLY, D, C.collide_world_add_polygon(w, poly), data)
  end

  local F_MESH = fn("add_mesh", 1)
  local FIRST = new("int[1]")

  -- lcollide_world.c mesh_error: triangle t (0-based) named with its
  -- indices as given.
  local function mesh_error(code, t, indices, ix)
    local num, out = {}, nil
    for k = 1, 3 do
      num[k] = ("%.14g"):format(rawget(indices, 3 * t + k))
      if not out and ix[3 * t + k - 1] < 0 then out = k end
    end
    if C.collide_error_reason(code) == C.COLLIDE_E_DEGENERATE_TRIANGLE or not out then
      argerror(F_MESH, 3, ("triangle %d (indices %s, %s, %s) is degenerate"):format(
        t + 1, num[1], num[2], num[3]))
    end
    argerror(F_MESH, 3, ("triangle %d (indices %s, %s, %s): index %s is out of range"):format(
      t + 1, num[1], num[2], num[3], num[out]))
  end

  -- lcollide_world.c w_add_mesh, check for check.
  function methods.add_mesh(self, vertices, indices, data)
    local w, D = check_world(F_MESH, self)
    if type(vertices) ~= "table" then typeerror(F_MESH, 2, "table", vertices) end
    if type(indices) ~= "table" then typeerror(F_MESH, 3, "table", indices) end
    local nv, ni = #vertices, #indices
    if ni % 3 ~= 0 then
      argerror(F_MESH, 3, "number of indices is not a multiple of 3")
    end
    local vs = new("collide_vec3[?]", nv + 1)
    local ix = new("int[?]", ni + 1)
    for i = 1, nv do checkvec_at(F_MESH, 2, vertices, i, vs[i - 1]) end
    for i = 1, ni do
      local x = rawget(indices, i)
      if type(x) ~= "number" or x ~= floor(x) or x == huge or x == -huge then
        argerror(F_MESH, 3, ("integer expected at index %d, got %s"):format(
          i, type(x) == "number" and "number" or typename(x)))
      end
      ix[i - 1] = (x >= 1 and x <= nv) and x - 1 or -1
    end
    local n = C.collide_world_add_mesh(w, vs, nv, ix, ni, FIRST)
    if n < 0 and FIRST[0] >= 0 then mesh_error(n, FIRST[0], indices, ix) end
    if n < 0 then world_error(F_MESH, n) end
    local first = FIRST[0]
    if type(data) ~= "nil" then
      for id = first, first + n - 1 do D[id] = data end
    end
    return first, first + n - 1
  end

  -- An id argument: an integral number, else 0 (no shape has it).
  local function check_id(f, x)
    check_number(f, 2, x)
    if x >= 1 and x <= 2147483647 and x == floor(x) then return x end
    return 0
  end

  local F_REMOVE, F_DATA = fn("remove", 1), fn("data", 1)
  local F_COUNT, F_BUILD = fn("count", 1), fn("build", 1)

  function methods.remove(self, id)
    local w, D = check_world(F_REMOVE, self)
    id = check_id(F_REMOVE, id)
    local code = id ~= 0 and C.collide_world_remove(w, id) or 0
    if code < 0 then world_error(F_REMOVE, code) end
    if code ~= 0 then D[id] = nil end
    return code ~= 0
  end

  function methods.data(self, id)
    local w, D = check_world(F_DATA, self)
    id = check_id(F_DATA, id)
    if id == 0 or C.collide_world_kind(w, id) == 0 then return nil end
    return D[id]
  end

  function methods.count(self)
    local w = check_world(F_COUNT, self)
    return C.collide_world_count(w)
  end

  function methods.build(self)
    local w = check_world(F_BUILD, self)
    local code = C.collide_world_build(w)
    if code < 0 then world_error(F_BUILD, code) end
    return self
  end

  -- ---- shapes that change and move -------------------------------------------

  local KIND = { [0] = "none", "triangle", "polygon", "aabb", "sphere", "segment",
                 "plane", "capsule" }
  local F_UPDATE, F_GET, F_SHAPES = fn("update", 1), fn("get", 1), fn("shapes", 1)
  local F_SET_LAYERS, F_LAYERS = fn("set_layers", 1), fn("layers", 1)
  local F_SET_VEL, F_VEL, F_ADVANCE = fn("set_velocity", 1), fn("velocity", 1), fn("advance", 1)

  -- A polygon argument for update: a polygon, or an array of 3 or more
  -- vectors (as add_polygon takes): the core's polygon, and the array
  -- holding its vertices (the caller keeps it in a local while the core
  -- copies them).
  local function polygon_arg(f, idx, p)
    if istype(G, p) then return cast(POLYGON_PTR, p), p end
    if type(p) ~= "table" then typeerror(f, idx, "polygon", p) end
    local n = #p
    if n < 3 then
      argerror(f, idx, ffi.string(C.collide_reason_message(C.COLLIDE_E_FEW_VERTICES)))
    end
    local vs = new("collide_vec3[?]", n)
    for i = 1, n do checkvec_at(f, idx, p, i, vs[i - 1]) end
    local poly = new("collide_polygon")
    local code = C.collide_polygon_init(vs, n, poly)
    if code < 0 then argerror(f, idx, ffi.string(C.collide_error_message(code))) end
    return poly, vs
  end

  function methods.update(self, id, a, b, c)
    local w = check_world(F_UPDATE, self)
    id = check_id(F_UPDATE, id)
    local kind = id ~= 0 and C.collide_world_kind(w, id) or 0
    local f, code = F_UPDATE, 0
    if kind == 1 then
      if not istype(V, a) then a = tovec(f, 3, a, S[3]) end
      if not istype(V, b) then b = tovec(f, 4, b, S[4]) end
      if not istype(V, c) then c = tovec(f, 5, c, S[5]) end
      code = C.collide_world_update_triangle(w, id, a, b, c)
    elseif kind == 2 then
      local poly, vertices = polygon_arg(f, 3, a)
      code = C.collide_world_update_polygon(w, id, poly)
      if vertices == nil then error("unreachable") end   -- (alive until here)
    elseif kind == 3 or kind == 5 then
      if not istype(V, a) then a = tovec(f, 3, a, S[3]) end
      if not istype(V, b) then b = tovec(f, 4, b, S[4]) end
      if kind == 3 then code = C.collide_world_update_aabb(w, id, a, b)
      else code = C.collide_world_update_segment(w, id, a, b) end
    elseif kind == 4 then
      if not istype(V, a) then a = tovec(f, 3, a, S[3]) end
      check_number(f, 4, b)
      code = C.collide_world_update_sphere(w, id, a, b)
    elseif kind == 7 then
      if not istype(V, a) then a = tovec(f, 3, a, S[3]) end
      if not istype(V, b) then b = tovec(f, 4, b, S[4]) end
      check_number(f, 5, c)
      code = C.collide_world_update_capsule(w, id, a, b, c)
    elseif kind == 6 then
      if not istype(P, a) then typeerror(f, 3, "plane", a) end
      code = C.collide_world_update_plane(w, id, cast(PLANE_PTR, a))
    end
    if code < 0 then world_error(f, code) end
    return code ~= 0
  end

  local SHAPE = new("collide_world_shape")

  local function vec(v) return V(v.x, v.y, v.z) end

  function methods.get(self, id)
    local w = check_world(F_GET, self)
    id = check_id(F_GET, id)
    if id == 0 or C.collide_world_get(w, id, SHAPE) == 0 then return nil end
    local kind = SHAPE.kind
    local name = KIND[kind]
    if kind == 1 then return name, vec(SHAPE.a), vec(SHAPE.b), vec(SHAPE.c)
    elseif kind == 2 then
      local list, pv = {}, SHAPE.polygon.vertices
      for i = 1, SHAPE.polygon.count do list[i] = vec(pv[i - 1]) end
      return name, E.M.polygon(list)
    elseif kind == 4 then return name, vec(SHAPE.a), SHAPE.r
    elseif kind == 7 then return name, vec(SHAPE.a), vec(SHAPE.b), SHAPE.r
    elseif kind == 6 then
      local pl = SHAPE.plane
      return name, P(pl.normal.x, pl.normal.y, pl.normal.z, pl.d)
    end
    return name, vec(SHAPE.a), vec(SHAPE.b)
  end

  local function shapes_next(self, id)
    local w, D = check_world(F_SHAPES, self)
    id = C.collide_world_next(w, id)
    if id <= 0 then return nil end
    return id, KIND[C.collide_world_kind(w, id)], D[id]
  end

  function methods.shapes(self)
    check_world(F_SHAPES, self)
    return shapes_next, self, 0
  end

  -- An integer in [0, 2^31) (lcollide_world.c check_bits).
  local function check_bits(f, idx, x, reason)
    check_number(f, idx, x)
    if not (x >= 0 and x < 2147483648 and x == floor(x)) then
      argerror(f, idx, ffi.string(C.collide_reason_message(reason)))
    end
    return x
  end

  function methods.set_layers(self, id, bits)
    local w = check_world(F_SET_LAYERS, self)
    id = check_id(F_SET_LAYERS, id)
    bits = check_bits(F_SET_LAYERS, 3, bits, C.COLLIDE_E_BAD_LAYERS)
    return id ~= 0 and C.collide_world_set_layers(w, id, bits) == 1
  end

  function methods.layers(self, id)
    local w = check_world(F_LAYERS, self)
    id = check_id(F_LAYERS, id)
    local bits = id ~= 0 and C.collide_world_layers(w, id) or -1
    if bits < 0 then return nil end
    return bits
  end

  function methods.set_velocity(self, id, d)
    local w = check_world(F_SET_VEL, self)
    id = check_id(F_SET_VEL, id)
    if not istype(V, d) then d = tovec(F_SET_VEL, 3, d, S[3]) end
    local code
    if id ~= 0 then
      code = C.collide_world_set_velocity(w, id, d)
    else
      local e = C.collide_check_vec3(d)
      code = e ~= 0 and -(3 * 256 + e) or 0
    end
    if code < 0 then world_error(F_SET_VEL, code) end
    return code ~= 0
  end

  local VEL = V()

  function methods.velocity(self, id, o1)
    local w = check_world(F_VEL, self)
    id = check_id(F_VEL, id)
    if id == 0 or C.collide_world_velocity(w, id, VEL) == 0 then return nil end
    return outvec(F_VEL, 3, o1, VEL.x, VEL.y, VEL.z)
  end

  function methods.advance(self)
    local w = check_world(F_ADVANCE, self)
    local code = C.collide_world_advance(w)
    if code < 0 then world_error(F_ADVANCE, code) end
  end

  -- ---- queries ---------------------------------------------------------------

  local FILTER_ABORT = -0x7fff0000   -- as lcollide_world.c
  local HIT = new("collide_hit")
  local HITD = ffi.cast("double *", HIT)
  local H_U = ffi.offsetof("collide_hit", "u") / 8
  local H_POINT = ffi.offsetof("collide_hit", "point") / 8
  local H_NORMAL = ffi.offsetof("collide_hit", "normal") / 8
  local ID = new("int[1]")
  -- A mask filter: the core's marker function and the mask it points to.
  local LAYER = ffi.cast("collide_world_filter", C.collide_world_layer_filter)
  local MASK = new("int[1]")

  -- The filter of the query running now, its world's data, and the error
  -- it raised; saved and restored around each filtered query, so a filter
  -- may run a query of its own.
  local cur_filter, cur_data, cur_error
  local CALLBACK = ffi.cast("collide_world_filter", function(_, id)
    local ok, keep = pcall(cur_filter, id, cur_data[id])
    if not ok then
      cur_error = keep
      return FILTER_ABORT
    end
    return keep and 1 or 0
  end)

  -- The query with the callback, outside the JIT: run(w, a1 .. a4, cb)
  -- calls the core (itself kept out of the JIT); returns the core's code
  -- and the filter's error (if it raised one).
  local function filtered(run, w, D, filter, a1, a2, a3, a4)
    local sf, sd, se = cur_filter, cur_data, cur_error
    cur_filter, cur_data, cur_error = filter, D, nil
    local code = run(w, a1, a2, a3, a4, CALLBACK)
    local err = cur_error
    cur_filter, cur_data, cur_error = sf, sd, se
    return code, err
  end
  jit.off(filtered)

  -- The filter argument: nil, a mask (-> LAYER, MASK) or a function.
  -- Returns the callback and ctx for the core, or nil, nil with the
  -- function to call (lcollide_world.c opt_filter).
  local function filter_arg(f, idx, filter)
    if type(filter) == "nil" then return nil, nil end
    if type(filter) == "number" then
      MASK[0] = check_bits(f, idx, filter, C.COLLIDE_E_BAD_MASK)
      return LAYER, MASK
    end
    if type(filter) ~= "function" then typeerror(f, idx, "function or mask", filter) end
    return nil, nil, filter
  end

  -- lcollide_world.c push_world_hit: false | true, u, point, normal,
  -- feature, id; the out-vectors are the arguments out_idx, out_idx + 1.
  local function world_hit(f, code, err, out_idx, o1, o2)
    if code == FILTER_ABORT then error(err, 0) end
    if code < 0 then world_error(f, code) end
    if code == 0 then return false end
    local p = outvec(f, out_idx, o1, HITD[H_POINT], HITD[H_POINT + 1],
                     HITD[H_POINT + 2])
    local n = outvec(f, out_idx + 1, o2, HITD[H_NORMAL], HITD[H_NORMAL + 1],
                     HITD[H_NORMAL + 2])
    return true, HITD[H_U], p, n, FEATURE[HIT.feature], ID[0]
  end

  local F_RAY_ALL = fn("raycast_all", 1)
  local hits_cap = 16
  local hits = new("collide_world_hit[?]", hits_cap)

  function methods.raycast_all(self, p0, p1, filter)
    local w, D = check_world(F_RAY_ALL, self)
    if not istype(V, p0) then p0 = tovec(F_RAY_ALL, 2, p0, S[2]) end
    if not istype(V, p1) then p1 = tovec(F_RAY_ALL, 3, p1, S[3]) end
    local cb, ctx, lf = filter_arg(F_RAY_ALL, 4, filter)
    local n = C.collide_world_raycast_all(w, p0, p1, cb, ctx, hits, hits_cap)
    if n < 0 then world_error(F_RAY_ALL, n) end
    if n > hits_cap then
      hits_cap = n
      hits = new("collide_world_hit[?]", hits_cap)
      n = C.collide_world_raycast_all(w, p0, p1, cb, ctx, hits, hits_cap)
    end
    local list, k, data = {}, 0, D
    for i = 0, n - 1 do
      local h = hits[i]
      local id = h.id
      if lf == nil or lf(id, data[id]) then
        k = k + 1
        list[k] = { id = id, u = h.hit.u, point = vec(h.hit.point),
                    normal = vec(h.hit.normal), feature = FEATURE[h.hit.feature] }
      end
    end
    return list
  end

  local ids_cap = 64
  local ids = new("int[?]", ids_cap)

  -- An overlap query (lcollide_world.c push_overlap): run(w, a1, a2, a3,
  -- cb, ctx, ids, cap) calls the core with the method's arguments.
  local function overlap(f, w, D, fidx, filter, run, a1, a2, a3)
    local cb, ctx, lf = filter_arg(f, fidx, filter)
    local n = run(w, a1, a2, a3, cb, ctx, ids, ids_cap)
    if n < 0 then world_error(f, n) end
    if n > ids_cap then
      ids_cap = n
      ids = new("int[?]", ids_cap)
      n = run(w, a1, a2, a3, cb, ctx, ids, ids_cap)
    end
    local list, k, data = {}, 0, D
    for i = 0, n - 1 do
      local id = ids[i]
      if lf == nil or lf(id, data[id]) then
        k = k + 1
        list[k] = id
      end
    end
    return list
  end

  -- ---- the methods declared in csrc/lua/lcollide_api.h ---------------------

  -- LC_API_WORLD_METHODS, read from collide.core._api.world: one row
  -- {lua_name, core_function, kinds, RESULT} per method, each made into
  -- straight-line code here as lcollide_world.c makes its wrappers from
  -- the same lines (the arguments after self checked in order, by kind).
  -- ($ is the parameter's number, # its position in the Lua call)
  local ARG_CHECK = {
    N = 'if type(a$) ~= "number" then typeerror(F, #, "number", a$) end',
    V = 'if not istype(V, a$) then a$ = tovec(F, #, a$, S[#]) end',
    P = 'if not istype(P, a$) then typeerror(F, #, "plane", a$) end',
  }
  local ARG_PASS = { N = "a$", V = "a$", P = "cast(PLANE_PTR, a$)" }

  -- Per result: the method's source, given its parameters, checks, the
  -- arguments passed to the core and the position after the arguments.
  local BODY = {
    ADDED = [[
return function(self, %s, data)
  local w, D = check_world(F, self)
%s
  return added(F, D, C.%s(w, %s), data)
end]],
    IDS = [[
local function run(w, a1, a2, a3, cb, ctx, out, cap)
  return C.%s(w, %s, cb, ctx, out, cap)
end
return function(self, %s, filter)
  local w, D = check_world(F, self)
%s
  return overlap(F, w, D, %d, filter, run, %s)
end]],
    WHIT = [[
local function run(w, a1, a2, a3, a4, cb)
  return C.%s(w, %s, cb, nil, HIT, ID)
end
jit.off(run)
return function(self, %s, filter, o1, o2)
  local w, D = check_world(F, self)
%s
  local code, err
  if type(filter) == "nil" then
    code = C.%s(w, %s, nil, nil, HIT, ID)
  else
    local cb, ctx, lf = filter_arg(F, %d, filter)
    if lf == nil then
      code = C.%s(w, %s, cb, ctx, HIT, ID)
    else
      code, err = filtered(run, w, D, lf, %s)
    end
  end
  return world_hit(F, code, err, %d, o1, o2)
end]],
  }

  local function gen(row)
    local name, cfn, kinds, result = row[1], row[2], row[3], row[4]
    local params, checks, pass = {}, {}, {}
    for i = 1, #kinds do
      local k = kinds:sub(i, i)
      params[i] = "a" .. i
      checks[i] = "  " .. ARG_CHECK[k]:gsub("%$", i):gsub("#", i + 1)
      pass[i] = ARG_PASS[k]:gsub("%$", i)
    end
    params, checks, pass = table.concat(params, ", "), table.concat(checks, "\n"),
                           table.concat(pass, ", ")
    local after = #kinds + 2   -- the first argument after them
    local src
    if result == "ADDED" then
      src = BODY.ADDED:format(params, checks, cfn, pass)
    elseif result == "IDS" then
      src = BODY.IDS:format(cfn, pass, params, checks, after, params)
    else
      src = BODY.WHIT:format(cfn, pass, params, checks, cfn, pass, after, cfn, pass,
                             params, after + 1)
    end
    local chunk = assert(loadstring(
      "local C, V, P, S, F, istype, tovec, typeerror, check_world, added, overlap,\n" ..
      "      filter_arg, filtered, world_hit, HIT, ID, cast, PLANE_PTR = ...\n" .. src,
      "=collide.ffi(world:" .. name .. ")"))
    return chunk(C, V, P, S, fn(name, 1), istype, tovec, typeerror, check_world, added,
                 overlap, filter_arg, filtered, world_hit, HIT, ID, cast, PLANE_PTR)
  end

  for _, row in ipairs(capi._api.world) do methods[row[1]] = gen(row) end

  -- ---- the movers --------------------------------------------------------------

  -- lcollide_world.c move_common and read_options, check for check.
  local F_MOVE = { fn("move_sphere", 1), fn("move_aabb", 1), fn("move_capsule", 1),
                   fn("move_shape", 1) }
  local SPHERE, AABB, CAPSULE = 0, 1, 2
  local OPTIONS = new("collide_move_options")
  local MOVER = new("collide_mover")
  local RESULT = new("collide_move_result")
  local contacts_cap = 16
  local contacts = new("collide_contact[?]", contacts_cap)
  local RESPONSES = { slide = 0, bounce = 1, stop = 2 }
  -- what a move filter may return: slide, bounce, touch (stop), cross
  local FILTER_RESPONSES = { slide = 0, bounce = 1, touch = 2, cross = 3 }
  local DEFAULT, IGNORE = 4, 5
  local FILTER_BAD_RESPONSE = FILTER_ABORT + 1
  -- the options in the order they are read (lcollide_world.c option_names)
  local OPTION_NAMES = { "max_iterations", "response", "restitution", "up",
    "max_slope", "skin", "filter", "velocity", "step_height", "snap",
    "stop_on_slope", "steep_as_wall", "carry" }
  local KNOWN = {}
  for _, k in ipairs(OPTION_NAMES) do KNOWN[k] = true end

  local function opt_number(f, idx, key, x)
    if type(x) ~= "number" then
      argerror(f, idx, "options." .. key .. ": number expected, got " .. typename(x))
    end
    return x
  end

  local function opt_boolean(f, idx, key, x)
    if type(x) ~= "boolean" then
      argerror(f, idx, "options." .. key .. ": boolean expected, got " .. typename(x))
    end
    return x and 1 or 0
  end

  -- options.key into the vector dst: a vec3, {x, y [, z]} or {x =, y = [, z =]}.
  local function opt_vec(f, idx, key, v, dst)
    if istype(V, v) then
      dst.x, dst.y, dst.z = v.x, v.y, v.z
      return
    end
    if type(v) == "table" then
      local x, y, z
      if type(rawget(v, 1)) == "nil" then
        x, y, z = v.x, v.y, v.z
      else
        x, y, z = rawget(v, 1), rawget(v, 2), rawget(v, 3)
      end
      if type(x) == "number" and type(y) == "number" and
         (type(z) == "nil" or type(z) == "number") then
        dst.x, dst.y, dst.z = x, y, z or 0
        return
      end
    end
    argerror(f, idx, "options." .. key .. ": vec3 expected, got " .. typename(v))
  end

  -- The options table into OPTIONS; returns the filter function, if any.
  local function read_options(f, idx, options)
    if type(options) ~= "table" then typeerror(f, idx, "table", options) end
    for k in pairs(options) do
      if type(k) ~= "string" then
        argerror(f, idx, "unknown option (a " .. typename(k) .. " key)")
      end
      if not KNOWN[k] then argerror(f, idx, "unknown option '" .. k .. "'") end
    end
    local filter
    for i = 1, #OPTION_NAMES do
      local key = OPTION_NAMES[i]
      local x = options[key]
      if type(x) ~= "nil" then
        if key == "max_iterations" then
          x = opt_number(f, idx, key, x)
          -- (not >=: NaN fails too)
          if not (x >= 1) then  -- luacheck: ignore 581
            argerror(f, idx, ffi.string(C.collide_reason_message(C.COLLIDE_E_BAD_ITERATIONS)))
          end
          OPTIONS.max_iterations = x > 1e6 and 1000000 or floor(x)
        elseif key == "response" then
          local k = RESPONSES[type(x) == "string" and x or ""]
          if k == nil then
            argerror(f, idx, "options.response must be 'slide', 'bounce' or 'stop'")
          end
          OPTIONS.response = k
        elseif key == "up" then
          opt_vec(f, idx, key, x, OPTIONS.up)
          OPTIONS.use_up = 1
        elseif key == "filter" then
          if type(x) == "number" then
            if not (x >= 0 and x < 2147483648 and x == floor(x)) then
              argerror(f, idx, "options.filter: " ..
                ffi.string(C.collide_reason_message(C.COLLIDE_E_BAD_MASK)))
            end
            OPTIONS.use_mask, OPTIONS.mask = 1, x
          else
            if type(x) ~= "function" then
              argerror(f, idx, "options.filter: function or mask expected")
            end
            filter = x
          end
        elseif key == "velocity" then
          opt_vec(f, idx, key, x, OPTIONS.velocity)
          OPTIONS.use_velocity = 1
        elseif key == "stop_on_slope" or key == "steep_as_wall" or key == "carry" then
          OPTIONS[key] = opt_boolean(f, idx, key, x)
        else   -- restitution, max_slope, skin, step_height, snap
          OPTIONS[key] = opt_number(f, idx, key, x)
        end
      end
    end
    return filter
  end

  local MOVE_CALLBACK = ffi.cast("collide_move_filter", function(_, id, n)
    local ok, r = pcall(cur_filter, id, cur_data[id], V(n.x, n.y, n.z))
    if not ok then
      cur_error = r
      return FILTER_ABORT
    end
    if type(r) == "string" then
      local k = FILTER_RESPONSES[r]
      if k == nil then
        cur_error = "filter returned an unknown response '" .. r .. "' (expected " ..
          "'slide', 'touch', 'cross', 'bounce', true or false)"
        return FILTER_BAD_RESPONSE
      end
      return k
    end
    return r and DEFAULT or IGNORE
  end)

  local function move_filtered(w, D, filter, from, to, cap, id)
    local sf, sd, se = cur_filter, cur_data, cur_error
    cur_filter, cur_data, cur_error = filter, D, nil
    local code
    if id then
      code = C.collide_world_move_shape(w, id, to, OPTIONS, MOVE_CALLBACK, nil,
                                        contacts, cap, RESULT)
    else
      code = C.collide_world_move(w, MOVER, from, to, OPTIONS, MOVE_CALLBACK,
                                  nil, contacts, cap, RESULT)
    end
    local err = cur_error
    cur_filter, cur_data, cur_error = sf, sd, se
    return code, err
  end
  jit.off(move_filtered)

  -- The move, once MOVER is filled; a = 1 for the capsule (one more
  -- argument before from); id: move_shape's shape (a = -1: the id takes
  -- the place of the shape's arguments and from), else nil.
  local OPTIONS_FN = { move_sphere = fn("move_sphere"), move_aabb = fn("move_aabb"),
                       move_capsule = fn("move_capsule"), move_shape = F_MOVE[4] }

  local function move(f, a, w, D, from, to, options, o1, o2, id)
    if id == nil and not istype(V, from) then from = tovec(f, 3 + a, from, S[3 + a]) end
    if not istype(V, to) then to = tovec(f, 4 + a, to, S[4 + a]) end
    C.collide_move_options_init(OPTIONS)
    local filter
    -- The options table's errors count self, as the API contract's
    -- example does (lcollide_world.c move_common); move_shape's, new,
    -- count the Lua way, as the contract now says.
    local of = OPTIONS_FN[f.name]
    if type(options) ~= "nil" then filter = read_options(of, 5 + a, options) end
    local cap = 16
    if OPTIONS.max_iterations > cap then
      cap = OPTIONS.max_iterations < 256 and OPTIONS.max_iterations or 256
    end
    if cap > contacts_cap then
      contacts_cap = cap
      contacts = new("collide_contact[?]", contacts_cap)
    end
    local code, err
    if filter ~= nil then
      code, err = move_filtered(w, D, filter, from, to, cap, id)
    elseif id then
      code = C.collide_world_move_shape(w, id, to, OPTIONS, nil, nil, contacts,
                                        cap, RESULT)
    else
      code = C.collide_world_move(w, MOVER, from, to, OPTIONS, nil, nil,
                                  contacts, cap, RESULT)
    end
    if id then
      if code == 0 then return false end   -- no such shape, as w:update says
      if code == 1 then code = 0 end
    end
    if code == FILTER_ABORT then error(err, 0) end
    if code == FILTER_BAD_RESPONSE then raise(f.name .. ": " .. err) end
    if code < 0 and C.collide_error_arg(code) == 5 + a then
      argerror(of, 5 + a, ffi.string(C.collide_error_message(code)))
    end
    if code < 0 and C.collide_error_reason(code) == C.COLLIDE_E_NOT_MOVABLE then
      -- the message names the kind: "triangle shape cannot move (...)"
      argerror(f, 2, KIND[C.collide_world_kind(w, id)] .. " " ..
               ffi.string(C.collide_error_message(code)))
    end
    if code < 0 then world_error(f, code) end
    local p, v = RESULT.position, RESULT.velocity
    local position = outvec(f, 6 + a, o1, p.x, p.y, p.z)
    local list = {}
    for i = 1, RESULT.ncontacts do
      local c = contacts[i - 1]
      list[i] = { id = c.id, point = V(c.point.x, c.point.y, c.point.z),
                  normal = V(c.normal.x, c.normal.y, c.normal.z), u = c.u,
                  feature = FEATURE[c.feature] }
    end
    local velocity = outvec(f, 7 + a, o2, v.x, v.y, v.z)
    local ground
    if RESULT.ground_id ~= 0 then
      local gp, gn = RESULT.ground_point, RESULT.ground_normal
      ground = { id = RESULT.ground_id, point = V(gp.x, gp.y, gp.z),
                 normal = V(gn.x, gn.y, gn.z) }
    end
    local grounded = RESULT.grounded
    if grounded < 0 then return position, list, nil, velocity, ground end
    return position, list, grounded ~= 0, velocity, ground
  end

  function methods.move_sphere(self, r, from, to, options, o1, o2)
    local f = F_MOVE[1]
    local w, D = check_world(f, self)
    check_number(f, 2, r)
    MOVER.kind, MOVER.r = SPHERE, r
    return move(f, 0, w, D, from, to, options, o1, o2)
  end

  function methods.move_aabb(self, e, from, to, options, o1, o2)
    local f = F_MOVE[2]
    local w, D = check_world(f, self)
    if not istype(V, e) then e = tovec(f, 2, e, S[2]) end
    MOVER.kind = AABB
    MOVER.extents.x, MOVER.extents.y, MOVER.extents.z = e.x, e.y, e.z
    return move(f, 0, w, D, from, to, options, o1, o2)
  end

  function methods.move_capsule(self, r, axis, from, to, options, o1, o2)
    local f = F_MOVE[3]
    local w, D = check_world(f, self)
    check_number(f, 2, r)
    if not istype(V, axis) then axis = tovec(f, 3, axis, S[3]) end
    MOVER.kind, MOVER.r = CAPSULE, r
    MOVER.axis.x, MOVER.axis.y, MOVER.axis.z = axis.x, axis.y, axis.z
    return move(f, 1, w, D, from, to, options, o1, o2)
  end

  -- The world's sphere, aabb or capsule id moves itself (the core reads
  -- its shape: MOVER is not used).
  function methods.move_shape(self, id, to, options, o1, o2)
    local f = F_MOVE[4]
    local w, D = check_world(f, self)
    id = check_id(f, id)
    if not istype(V, to) then to = tovec(f, 3, to, S[3]) end
    -- move_shape changes the world, and an error must leave it as it was:
    -- its out-vectors are checked before the move, not when filled
    if type(o1) ~= "nil" and not istype(V, o1) then typeerror(f, 5, "vec3 (out-vector)", o1) end
    if type(o2) ~= "nil" and not istype(V, o2) then typeerror(f, 6, "vec3 (out-vector)", o2) end
    return move(f, -1, w, D, nil, to, options, o1, o2, id)
  end


  -- ---- sweep_pairs ---------------------------------------------------------

  -- lcollide_world.c l_sweep_pairs, check for check.
  local F_PAIRS = fn("sweep_pairs")
  local pairs_cap, scratch_bytes = 0, -1
  local R, A, B, SCRATCH
  local out_cap = 0
  local PAIRS

  local function pairs_buffers(n)
    if n + 1 > pairs_cap then
      pairs_cap = n + 1
      R = new("double[?]", pairs_cap)
      A = new("collide_vec3[?]", pairs_cap)
      B = new("collide_vec3[?]", pairs_cap)
    end
    local bytes = tonumber(C.collide_sweep_pairs_scratch_size(n)) + 1
    if bytes > scratch_bytes then
      scratch_bytes = bytes
      SCRATCH = new("double[?]", math.ceil(bytes / 8))  -- aligned for a double
    end
  end

  local function pairs_out(cap)
    if cap > out_cap then
      out_cap = cap
      PAIRS = new("collide_pair[?]", out_cap)
    end
  end

  if capi.sweep_pairs ~= nil then
    function E.M.sweep_pairs(radii, starts, ends, out)
      if type(starts) ~= "table" then typeerror(F_PAIRS, 2, "table", starts) end
      if type(ends) ~= "table" then typeerror(F_PAIRS, 3, "table", ends) end
      local rt = type(radii)
      if rt ~= "number" and rt ~= "table" then
        typeerror(F_PAIRS, 1, "number or table", radii)
      end
      if type(out) ~= "nil" and type(out) ~= "table" then typeerror(F_PAIRS, 4, "table", out) end
      local n = #starts
      if #ends ~= n then argerror(F_PAIRS, 3, "starts and ends differ in length") end
      if rt == "table" and #radii ~= n then
        argerror(F_PAIRS, 1, "radii and starts differ in length")
      end
      pairs_buffers(n)
      for i = 1, n do
        local r = radii
        if rt == "table" then
          r = rawget(radii, i)
          if type(r) ~= "number" then argerror(F_PAIRS, 1, "array of numbers expected") end
        end
        R[i - 1] = r
        checkvec_at(F_PAIRS, 2, starts, i, A[i - 1])
        checkvec_at(F_PAIRS, 3, ends, i, B[i - 1])
      end
      local cap = 4 * n + 16
      pairs_out(cap)
      local count = C.collide_sweep_pairs(n, R, A, B, SCRATCH, PAIRS, cap)
      if count < 0 then coreerror(F_PAIRS, count, 1) end
      if count > cap then
        cap = count
        pairs_out(cap)
        count = C.collide_sweep_pairs(n, R, A, B, SCRATCH, PAIRS, cap)
      end
      local old = 0
      if type(out) == "nil" then out = {} else old = #out end
      for k = 0, count - 1 do
        local pr = PAIRS[k]
        out[3 * k + 1] = pr.i + 1
        out[3 * k + 2] = pr.j + 1
        out[3 * k + 3] = pr.u0
      end
      for k = old, 3 * count + 1, -1 do out[k] = nil end
      return out, count
    end
  end
end
