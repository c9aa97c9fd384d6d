--- collide.ffi_world: collide.world for the FFI backend, over the core's
-- world functions (csrc/collide_world.c), mirroring the C-API binding
-- csrc/lcollide_world.c check for check and message for message.
--
-- A world is the core's collide_world pointer itself, with a finalizer
-- (ffi.gc) and methods (a metatype on the opaque struct). The Lua values
-- kept with its shapes live in a weak table keyed by the world.
--
-- Filters: the core calls one C callback made once per Lua state; it runs
-- the Lua filter under pcall (a Lua error must not unwind through the core,
-- which holds the world locked during a query) and, on error, aborts the
-- query; the error is raised again once the core has returned. LuaJIT must
-- not call back into Lua from compiled code, so the calls that pass the
-- callback are in functions kept out of the JIT (jit.off); without a
-- filter, queries compile and allocate nothing with out-vectors.
--
-- collide.sweep_pairs is here too, over collide_sweep_pairs.

return function(E)
  local ffi, C, capi = E.ffi, E.C, E.capi
  local V, P, G, S = E.V, E.P, E.G, E.S
  local istype, fn, raise = E.istype, E.fn, E.raise
  local argerror, typeerror, coreerror = E.argerror, E.typeerror, E.coreerror
  local tovec, outvec, typename, FEATURE = E.tovec, E.outvec, E.typename, E.FEATURE
  local checkvec_at = E.checkvec_at

  local type, pcall, error, floor = type, pcall, error, math.floor
  local new = ffi.new

  local W = ffi.typeof("collide_world *")
  E.register_type(W, "world")

  local data_of = setmetatable({}, { __mode = "k" })   -- world -> {id = data}
  local methods, meta = {}, {}

  -- ---- errors and checks -------------------------------------------------


  -- lcollide_world.c world_error: errors of no argument (memory, a locked
  -- world) are plain "name: message".
  local function world_error(f, code)
    if C.collide_error_arg(code) == 0 then
      raise(f.name .. ": " .. ffi.string(C.collide_error_message(code)))
    end
    coreerror(f, code, 1)
  end

  local function check_world(f, w)
    if not istype(W, w) then typeerror(f, 1, "world", w) end
  end

  local function check_number(f, idx, x)
    if type(x) ~= "number" then typeerror(f, idx, "number", x) end
  end

  -- ---- construction, shapes, data ------------------------------------------

  function E.M.world()
    local w = C.collide_world_new()
    if w == nil then raise("world: not enough memory") end
    w = ffi.gc(w, C.collide_world_free)
    data_of[w] = {}
    return w
  end

  function meta.__tostring(w)
    return "world(" .. C.collide_world_count(w) .. " shapes)"
  end

  function meta.__index(_, k)
    return methods[k]
  end

  -- Keeps data with the new id (lcollide_world.c added).
  local function added(f, w, id, data)
    if id < 0 then world_error(f, id) end
    if data ~= nil then data_of[w][id] = data end
    return id
  end

  local F_TRI, F_POLY = fn("add_triangle", 1), fn("add_polygon", 1)
  local F_AABB, F_SPHERE = fn("add_aabb", 1), fn("add_sphere", 1)
  local F_SEG, F_PLANE = fn("add_segment", 1), fn("add_plane", 1)

  function methods.add_triangle(w, a, b, c, data)
    check_world(F_TRI, w)
    if not istype(V, a) then a = tovec(F_TRI, 2, a, S[2]) end
    if not istype(V, b) then b = tovec(F_TRI, 3, b, S[3]) end
    if not istype(V, c) then c = tovec(F_TRI, 4, c, S[4]) end
    return added(F_TRI, w, C.collide_world_add_triangle(w, a, b, c), data)
  end

  -- A polygon, or an array of 3 or more vectors.
  function methods.add_polygon(w, p, data)
    check_world(F_POLY, w)
    if istype(G, p) then
      return added(F_POLY, w, C.collide_world_add_polygon(w, p.poly), data)
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
    return added(F_POLY, w, C.collide_world_add_polygon(w, poly), data)
  end

  function methods.add_aabb(w, c, e, data)
    check_world(F_AABB, w)
    if not istype(V, c) then c = tovec(F_AABB, 2, c, S[2]) end
    if not istype(V, e) then e = tovec(F_AABB, 3, e, S[3]) end
    return added(F_AABB, w, C.collide_world_add_aabb(w, c, e), data)
  end

  function methods.add_sphere(w, c, r, data)
    check_world(F_SPHERE, w)
    if not istype(V, c) then c = tovec(F_SPHERE, 2, c, S[2]) end
    check_number(F_SPHERE, 3, r)
    return added(F_SPHERE, w, C.collide_world_add_sphere(w, c, r), data)
  end

  function methods.add_segment(w, a, b, data)
    check_world(F_SEG, w)
    if not istype(V, a) then a = tovec(F_SEG, 2, a, S[2]) end
    if not istype(V, b) then b = tovec(F_SEG, 3, b, S[3]) end
    return added(F_SEG, w, C.collide_world_add_segment(w, a, b), data)
  end

  function methods.add_plane(w, p, data)
    check_world(F_PLANE, w)
    if not istype(P, p) then typeerror(F_PLANE, 2, "plane", p) end
    return added(F_PLANE, w, C.collide_world_add_plane(w, p.pl), data)
  end

  -- An id argument: an integral number, else 0 (no shape has it).
  local function check_id(f, x)
    check_number(f, 2, x)
    if x >= 1 and x <= 2147483647 and x == floor(x) then return x end
    return 0
  end

  local F_REMOVE, F_DATA = fn("remove", 1), fn("data", 1)
  local F_COUNT, F_BUILD = fn("count", 1), fn("build", 1)

  function methods.remove(w, id)
    check_world(F_REMOVE, w)
    id = check_id(F_REMOVE, id)
    local code = id ~= 0 and C.collide_world_remove(w, id) or 0
    if code < 0 then world_error(F_REMOVE, code) end
    if code ~= 0 then data_of[w][id] = nil end
    return code ~= 0
  end

  function methods.data(w, id)
    check_world(F_DATA, w)
    id = check_id(F_DATA, id)
    if id == 0 or C.collide_world_kind(w, id) == 0 then return nil end
    return data_of[w][id]
  end

  function methods.count(w)
    check_world(F_COUNT, w)
    return C.collide_world_count(w)
  end

  function methods.build(w)
    check_world(F_BUILD, w)
    local code = C.collide_world_build(w)
    if code < 0 then world_error(F_BUILD, code) end
    return w
  end

  -- ---- queries ---------------------------------------------------------------

  local FILTER_ABORT = -0x7fff0000   -- as lcollide_world.c
  local HIT = new("collide_hit")
  local HITD = ffi.cast("double *", HIT)
  local H_U = ffi.offsetof("collide_hit", "u") / 8
  local H_POINT = ffi.offsetof("collide_hit", "point") / 8
  local H_NORMAL = ffi.offsetof("collide_hit", "normal") / 8
  local ID = new("int[1]")

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

  -- The query with the callback, outside the JIT; returns the core's code
  -- and the filter's error (if it raised one).
  local function filtered(query, w, filter, a, b, c)
    local sf, sd, se = cur_filter, cur_data, cur_error
    cur_filter, cur_data, cur_error = filter, data_of[w], nil
    local code
    if query == 1 then
      code = C.collide_world_sweep_sphere(w, a, b, c, CALLBACK, nil, HIT, ID)
    else
      code = C.collide_world_raycast(w, a, b, CALLBACK, nil, HIT, ID)
    end
    local err = cur_error
    cur_filter, cur_data, cur_error = sf, sd, se
    return code, err
  end
  jit.off(filtered)

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

  local F_SWEEP, F_RAY = fn("sweep_sphere", 1), fn("raycast", 1)
  local F_OVERLAP = fn("overlap_sphere", 1)

  function methods.sweep_sphere(w, r, c0, c1, filter, o1, o2)
    check_world(F_SWEEP, w)
    check_number(F_SWEEP, 2, r)
    if not istype(V, c0) then c0 = tovec(F_SWEEP, 3, c0, S[3]) end
    if not istype(V, c1) then c1 = tovec(F_SWEEP, 4, c1, S[4]) end
    local code, err
    if filter == nil then
      code = C.collide_world_sweep_sphere(w, r, c0, c1, nil, nil, HIT, ID)
    else
      if type(filter) ~= "function" then typeerror(F_SWEEP, 5, "function", filter) end
      code, err = filtered(1, w, filter, r, c0, c1)
    end
    return world_hit(F_SWEEP, code, err, 6, o1, o2)
  end

  function methods.raycast(w, p0, p1, filter, o1, o2)
    check_world(F_RAY, w)
    if not istype(V, p0) then p0 = tovec(F_RAY, 2, p0, S[2]) end
    if not istype(V, p1) then p1 = tovec(F_RAY, 3, p1, S[3]) end
    local code, err
    if filter == nil then
      code = C.collide_world_raycast(w, p0, p1, nil, nil, HIT, ID)
    else
      if type(filter) ~= "function" then typeerror(F_RAY, 4, "function", filter) end
      code, err = filtered(2, w, filter, p0, p1)
    end
    return world_hit(F_RAY, code, err, 5, o1, o2)
  end

  local ids_cap = 64
  local ids = new("int[?]", ids_cap)

  function methods.overlap_sphere(w, c, r)
    check_world(F_OVERLAP, w)
    if not istype(V, c) then c = tovec(F_OVERLAP, 2, c, S[2]) end
    check_number(F_OVERLAP, 3, r)
    local n = C.collide_world_overlap_sphere(w, c, r, ids, ids_cap)
    if n < 0 then world_error(F_OVERLAP, n) end
    if n > ids_cap then
      ids_cap = n
      ids = new("int[?]", ids_cap)
      n = C.collide_world_overlap_sphere(w, c, r, ids, ids_cap)
    end
    local list = {}
    for i = 1, n do list[i] = ids[i - 1] end
    return list
  end

  -- ---- the mover ---------------------------------------------------------------

  local F_MOVE = fn("move_sphere", 1)
  local OPTIONS = new("collide_move_options")
  local POSITION = V()
  local NCONTACTS, GROUNDED = new("int[1]"), new("int[1]")
  local contacts_cap = 16
  local contacts = new("collide_contact[?]", contacts_cap)
  local RESPONSES = { slide = 0, bounce = 1, stop = 2 }

  -- options.key as a number, or def when absent.
  local function opt_number(options, key, def)
    local x = options[key]
    if x == nil then return def end
    if type(x) ~= "number" then
      argerror(F_MOVE, 5, "options." .. key .. ": number expected, got " ..
                          typename(x))
    end
    return x
  end

  -- options.up into OPTIONS.up: a vec3, {x, y [, z]} or {x =, y = [, z =]}.
  local function opt_up(up)
    if istype(V, up) then
      OPTIONS.up.x, OPTIONS.up.y, OPTIONS.up.z = up.x, up.y, up.z
      return
    end
    if type(up) == "table" then
      local x, y, z
      if rawget(up, 1) == nil then
        x, y, z = up.x, up.y, up.z
      else
        x, y, z = rawget(up, 1), rawget(up, 2), rawget(up, 3)
      end
      if type(x) == "number" and type(y) == "number" and
         (z == nil or type(z) == "number") then
        OPTIONS.up.x, OPTIONS.up.y, OPTIONS.up.z = x, y, z or 0
        return
      end
    end
    argerror(F_MOVE, 5, "options.up: vec3 expected, got " .. typename(up))
  end

  local function move_filtered(w, filter, r, from, to, cap)
    local sf, sd, se = cur_filter, cur_data, cur_error
    cur_filter, cur_data, cur_error = filter, data_of[w], nil
    local code = C.collide_world_move_sphere(w, r, from, to, OPTIONS, CALLBACK,
                                             nil, POSITION, contacts, cap,
                                             NCONTACTS, GROUNDED)
    local err = cur_error
    cur_filter, cur_data, cur_error = sf, sd, se
    return code, err
  end
  jit.off(move_filtered)

  function methods.move_sphere(w, r, from, to, options, o1)
    check_world(F_MOVE, w)
    check_number(F_MOVE, 2, r)
    if not istype(V, from) then from = tovec(F_MOVE, 3, from, S[3]) end
    if not istype(V, to) then to = tovec(F_MOVE, 4, to, S[4]) end
    C.collide_move_options_init(OPTIONS)
    local filter
    if options ~= nil then
      if type(options) ~= "table" then typeerror(F_MOVE, 5, "table", options) end
      local x = opt_number(options, "max_iterations", OPTIONS.max_iterations)
      -- (not >=: NaN fails too)
      if not (x >= 1) then  -- luacheck: ignore 581
        argerror(F_MOVE, 5, ffi.string(C.collide_reason_message(C.COLLIDE_E_BAD_ITERATIONS)))
      end
      OPTIONS.max_iterations = x > 1e6 and 1000000 or floor(x)
      OPTIONS.restitution = opt_number(options, "restitution", OPTIONS.restitution)
      OPTIONS.max_slope = opt_number(options, "max_slope", OPTIONS.max_slope)
      OPTIONS.skin = opt_number(options, "skin", OPTIONS.skin)
      local response = options.response
      if response ~= nil then
        local k = RESPONSES[type(response) == "string" and response or ""]
        if k == nil then
          argerror(F_MOVE, 5, "options.response must be 'slide', 'bounce' or 'stop'")
        end
        OPTIONS.response = k
      end
      local up = options.up
      if up ~= nil then
        opt_up(up)
        OPTIONS.use_up = 1
      end
      filter = options.filter
      if filter ~= nil and type(filter) ~= "function" then
        argerror(F_MOVE, 5, "options.filter: function expected")
      end
    end
    local cap = 16
    if OPTIONS.max_iterations > cap then cap = OPTIONS.max_iterations end
    if cap > contacts_cap then
      contacts_cap = cap
      contacts = new("collide_contact[?]", contacts_cap)
    end
    local code, err
    if filter == nil then
      code = C.collide_world_move_sphere(w, r, from, to, OPTIONS, nil, nil,
                                         POSITION, contacts, cap, NCONTACTS,
                                         GROUNDED)
    else
      code, err = move_filtered(w, filter, r, from, to, cap)
    end
    if code == FILTER_ABORT then error(err, 0) end
    if code < 0 then world_error(F_MOVE, code) end
    local position = outvec(F_MOVE, 6, o1, POSITION.x, POSITION.y, POSITION.z)
    local list = {}
    for i = 1, NCONTACTS[0] do
      local c = contacts[i - 1]
      list[i] = { id = c.id, point = V(c.point.x, c.point.y, c.point.z),
                  normal = V(c.normal.x, c.normal.y, c.normal.z), u = c.u,
                  feature = FEATURE[c.feature] }
    end
    local grounded = GROUNDED[0]
    if grounded < 0 then return position, list, nil end
    return position, list, grounded ~= 0
  end

  ffi.metatype("collide_world", meta)

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
      if out ~= nil and type(out) ~= "table" then typeerror(F_PAIRS, 4, "table", out) end
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
      if out == nil then out = {} else old = #out end
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
