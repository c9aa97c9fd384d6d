--- collide.ffi_world: collide.world for the FFI backend, over the core's
-- world functions (csrc/core/collide_world.c), mirroring the C-API binding
-- csrc/lua/lcollide_world.c check for check and message for message.
--
-- A world is a Lua table {data}: the table of the Lua values kept with its
-- shapes (id -> data); its metatable (protected) holds the methods. The
-- core's collide_world pointer, with its finalizer (ffi.gc), is not in it
-- but in WORLD, weak-keyed by the world object: nothing internal is
-- reachable from Lua (issue 27), and the pointer refers to nothing of Lua,
-- so the weak key does not keep the world alive. The data live in the
-- world object itself, as in the C API (the userdata's user value): kept
-- in a weak table keyed by the world, as they once were, a value that
-- refers back to its world (an entity that knows its world) kept the key
-- alive, and such a world was never collected (LuaJIT has no ephemerons).
--
-- Scripts cannot break a world (the API contract; issue 27):
--  * While a method runs Lua (a filter, an options table with metatables)
--    the world is locked (BUSY): every change to it is an error, as in the
--    core, which locks it during its queries.
--  * Nothing state-wide that a nested call could overwrite is read after
--    Lua code may have run: the lists' and the movers' buffers, and the
--    vectors of the changes, are taken from a free list for the call (a
--    call that never returns them, after an error, leaves them to the
--    collector); the queries that convert table vectors into the scratch
--    vectors or get a hit or a shape back in a scratch struct count the
--    scratch generation up (ffi.lua, GEN) and run again when a query of a
--    finalizer came in between (a finalizer runs at any allocation, and
--    on LuaJIT at any exit of compiled code).
--  * Lua code that a method runs is called behind a C boundary: the core's
--    callbacks for sweeps and moves, GUARD for the lists' filters and the
--    options' metamethods. A yield from it is an error, as on the C API
--    (it would leave the world locked for as long as the coroutine
--    sleeps), and so is nesting deeper than MAX_DEPTH.
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
  local CX, CONVEX_BODY, new_hull = E.CX, E.CONVEX_BODY, E.new_hull
  local GEN = E.GEN   -- the scratch generation (ffi.lua, GEN)

  local type, pcall, error, floor, huge = type, pcall, error, math.floor, math.huge
  local new = ffi.new

  local W = ffi.typeof("collide_world *")
  -- The core's view of a plane or polygon object (ffi.lua's read-only
  -- collide_ffi_plane and collide_ffi_cpolygon have its layout).
  local PLANE_PTR = ffi.typeof("const collide_plane *")
  local POLYGON_PTR = ffi.typeof("const collide_polygon *")
  local CONVEX_HULL = E.CONVEX_HULL   -- (a handle's block as the core's pointer)
  local cast = ffi.cast
  E.register_type(W, "world")

  local methods = {}
  local meta = { __name = "world", __index = methods, __metatable = "collide.world" }
  -- world object -> its core pointer; world object -> lock count
  local WORLD = setmetatable({}, { __mode = "k" })
  -- core pointer -> world object; closed world objects (see world_free)
  local OWNER = setmetatable({}, { __mode = "kv" })
  local CLOSED = setmetatable({}, { __mode = "k" })
  local BUSY = setmetatable({}, { __mode = "k" })
  E.set_is_world(function(x) return WORLD[x] ~= nil or CLOSED[x] == true end)
  local LOCKED = -C.COLLIDE_E_LOCKED
  local MAX_DEPTH = 100
  local depth = 0   -- Lua-running sections active now (filters, options)
  -- (no new fields, as on a userdata; a script that overwrites the two
  -- slots gets "world expected" from the next call, never a crash)
  function meta.__newindex()
    return raise("worlds have no fields to set")
  end

  -- ---- errors and checks -------------------------------------------------


  -- lcollide_world.c world_error: errors of no argument (memory, a locked
  -- world) are plain "name: message".
  local function world_error(f, code)
    if C.collide_error_arg(code) == 0 then
      return raise(f.name .. ": " .. ffi.string(C.collide_error_message(code)))
    end
    return coreerror(f, code, 1)
  end

  -- A world argument (self): its core pointer and its data table.
  local function check_world(f, w)
    local p = WORLD[w]
    if p ~= nil then
      local D = rawget(w, 1)
      if type(D) == "table" then return p, D end
    end
    if CLOSED[w] then return argerror(f, 1, "world is closed") end
    return typeerror(f, 1, "world", w)
  end

  -- The same for a method that changes the world: an error while it is
  -- locked.
  local function check_unlocked(f, w)
    local p, D = check_world(f, w)
    if BUSY[w] > 0 then world_error(f, LOCKED) end
    return p, D
  end

  -- (BUSY[w] is set to 0 when the world is made, so that locking and
  -- unlocking only change an existing key and never allocate: an
  -- allocation may run a finalizer, whose error (Lua 5.1 and LuaJIT pass it
  -- on to the allocation) raised between enter and lock, or between lock
  -- and unlock, would leave the world locked or the nesting depth counted
  -- up for good: every filtered query after it failed with "filter nesting
  -- too deep".)
  local function lock(w)
    BUSY[w] = BUSY[w] + 1
  end

  local function unlock(w)
    BUSY[w] = BUSY[w] - 1
  end

  -- The collector while Lua code runs behind this module's FFI callbacks
  -- (GUARD, CALLBACK, MOVE_CALLBACK) is stopped. LuaJIT 2.1 as Debian 12
  -- ships it (2.1.0~beta3+git20220320) crashes in its unwinder (err_unwind
  -- under _Unwind_RaiseException: `make check-gc` on LuaJIT) when a
  -- finalizer raises an error from a collector step taken inside an FFI
  -- callback: as the callback is entered (LuaJIT boxes its pointer
  -- arguments and may step), or in compiled code running in it, even
  -- under pcall. tests/luajit_callback_gc.lua shows both with no collide
  -- code, a callback from libc's qsort; with the JIT off, or with no step
  -- inside the callback, nothing crashes. So a method stops the collector
  -- (if it runs) before it calls the core with a callback, and restarts
  -- it as its very last step, once the world is unlocked and the nesting
  -- counted down: the finalizers due meanwhile run there, outside any
  -- callback, where an error is the method's own with nothing left
  -- behind. A filter therefore runs with the collector stopped (what it
  -- allocates is collected after the query).
  local collect = collectgarbage
  local gc_held = false   -- did the innermost such call stop it?

  -- Stops the collector for a call into the core; returns what
  -- gc_resume needs. (If "isrunning" steps and a finalizer raises,
  -- nothing has changed yet; "stop" itself never steps.)
  local function gc_stop()
    local prev = gc_held
    local running = collect("isrunning")
    if running then collect("stop") end
    gc_held = running
    return prev
  end

  local function gc_resume(prev)
    local held = gc_held
    gc_held = prev
    if held then collect("restart") end
  end

  -- One level deeper for method f (as lcollide_world.c filter_pcall),
  -- after gc_stop() returned prev.
  local function enter(f, prev)
    if depth >= MAX_DEPTH then
      gc_resume(prev)
      return raise(f.name .. ": filter nesting too deep")
    end
    depth = depth + 1
  end

  -- For method F, runs f(a1 .. a5) behind a C boundary (an FFI callback) under pcall,
  -- with self locked: returns fn's two first results, or raises its error
  -- again once the world is unlocked. From code kept out of the JIT only
  -- (a callback must not be entered from compiled code; the callbacks'
  -- own bodies are kept out of it too).
  --
  -- Each call has a frame of its own, {f, a1 .. a5, ok, r1, r2}, found by
  -- the callback from its number k, the callback's argument: nothing
  -- state-wide is set before the callback runs and read in it, or set in
  -- it and read after, so a query that a finalizer runs in between cannot
  -- take this call's arguments or results (the collector is stopped from
  -- gc_stop on, but a finalizer's query may come before that and nest).
  local FRAMES, frame_count = {}, 0
  local function guard(k)
    local fr = FRAMES[k]
    fr[7], fr[8], fr[9] = pcall(fr[1], fr[2], fr[3], fr[4], fr[5], fr[6])
    if gc_held then collect("stop") end   -- (had the Lua restarted it)
  end
  jit.off(guard)
  local GUARD = ffi.cast("void (*)(double)", guard)
  local function guarded(F, self, f, a1, a2, a3, a4, a5)
    -- (the frame made first: a finalizer run at its allocation may raise,
    -- which must happen before the world is locked)
    local fr = { f, a1, a2, a3, a4, a5, false, "guarded call did not run" }
    local prev = gc_stop()
    enter(F, prev)
    lock(self)
    frame_count = frame_count + 1
    local k = frame_count
    FRAMES[k] = fr
    -- (under pcall: an error entering the callback, a Lua stack overflow,
    -- must not leave the world locked)
    local called, err = pcall(GUARD, k)
    FRAMES[k] = nil
    unlock(self)
    depth = depth - 1
    gc_resume(prev)
    if not called then error(err, 0) end
    if not fr[7] then error(fr[8], 0) end
    return fr[8], fr[9]
  end
  jit.off(guarded)

  -- A free list of buffers made by make(): take() one for a call, give(b)
  -- it back at the end.
  -- A finalizer may run between any two of take's or give's statements
  -- (a store that grows free can exit compiled code; spec/untrusted_ffi_
  -- spec.lua runs calls at every instruction) and take and give buffers
  -- itself: the slot is written before the count goes up, and a slot
  -- found empty (a finalizer's take came between the read and the count)
  -- means a new buffer, never nil. A finalizer's take and give in between
  -- at worst drop a free buffer, which the collector takes. (A finalizer's
  -- call that takes the slot this take has read returns it before this
  -- take goes on.)
  local function pool(make)
    local free, n = {}, 0
    local function take()
      local k = n
      if k == 0 then return make() end
      local b = free[k]
      free[k] = nil
      n = k - 1
      if b == nil then return make() end
      return b
    end
    local function give(b)
      local k = n + 1
      free[k] = b
      n = k
    end
    return take, give
  end

  -- The vectors of a change (add_*, update, set_velocity), one per argument
  -- position as ffi.lua's S, and its out parameters (the first id, an
  -- outline's crossing): the call's own, not the scratch ones. A change
  -- cannot run again when a finalizer's query came in between filling a
  -- scratch and the core reading it (as the queries do: ffi.lua, GEN),
  -- and a finalizer may make a change of its own.
  local take_vecs, give_vecs = pool(function()
    local b = { first = new("int[1]"), where = new("int[2]"), at = V(),
                rot = new("collide_rotation") }
    for i = 1, 9 do b[i] = V() end
    return b
  end)

  local function check_number(f, idx, x)
    if type(x) ~= "number" then return typeerror(f, idx, "number", x) end
  end

  -- ---- construction, shapes, data ------------------------------------------

  -- The core world is freed by its pointer's finalizer, once the world
  -- object is gone -- or when the Lua state closes, where every finalizer
  -- runs, the cdata's first on LuaJIT: a userdata's or table's finalizer
  -- that uses the world then found a freed core world (a crash). The
  -- finalizer closes the world first, as the C API's __gc does: its
  -- methods are then the error "world is closed".
  local function world_free(p)
    local w = OWNER[p]
    if w ~= nil then
      WORLD[w] = nil
      CLOSED[w] = true
    end
    C.collide_world_free(p)
  end

  function E.M.world()
    local p = C.collide_world_new()
    if p == nil then return raise("world: not enough memory") end
    p = ffi.gc(p, world_free)
    local w = setmetatable({ {} }, meta)
    OWNER[p] = w
    WORLD[w] = p
    BUSY[w] = 0
    return w
  end

  local F_TOSTRING = fn("__tostring")

  -- world(5 shapes: 3 aabb, 2 sphere): the counts by kind (issue 31), as
  -- lcollide_world.c world_tostring
  -- The kinds' names by the core's kind number (collide_shape_kind).
  local KIND = { [0] = "none", "triangle", "polygon", "aabb", "sphere", "segment",
                 "plane", "capsule", "convex" }
  function meta.__tostring(self)
    if CLOSED[self] then return "world(closed)" end
    local w = check_world(F_TOSTRING, self)
    local count, id = {}, 0
    for k = 1, #KIND do count[k] = 0 end
    while true do
      id = C.collide_world_next(w, id)
      if id <= 0 then break end
      local k = C.collide_world_kind(w, id)
      if count[k] then count[k] = count[k] + 1 end
    end
    local parts = {}
    for k = 1, #KIND do
      if count[k] > 0 then parts[#parts + 1] = count[k] .. " " .. KIND[k] end
    end
    return "world(" .. C.collide_world_count(w) .. " shapes" ..
           (#parts > 0 and ": " .. table.concat(parts, ", ") or "") .. ")"
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
    local w, D = check_unlocked(F_POLY, self)
    if istype(G, p) then
      return added(F_POLY, D, C.collide_world_add_polygon(w, cast(POLYGON_PTR, p)), data)
    end
    if type(p) ~= "table" then return typeerror(F_POLY, 2, "polygon", p) end
    local n = #p
    if n < 3 then
      return argerror(F_POLY, 2, ffi.string(C.collide_reason_message(C.COLLIDE_E_FEW_VERTICES)))
    end
    local vs = new("collide_vec3[?]", n)
    for i = 1, n do checkvec_at(F_POLY, 2, p, i, vs[i - 1]) end
    local poly = new("collide_polygon")
    local code = C.collide_polygon_init(vs, C.collide_polygon_open_count(vs, n), poly)
    if code < 0 then
      return argerror(F_POLY, 2, ffi.string(C.collide_error_message(code)))
    end
    return added(F_POLY, D, C.collide_world_add_polygon(w, poly), data)
  end

  local F_MESH = fn("add_mesh", 1)

  -- lcollide_world.c mesh_error: triangle t (0-based) named with its
  -- indices as given.
  local function mesh_error(code, t, indices, ix)
    local num, out = {}, nil
    for k = 1, 3 do
      num[k] = ("%.14g"):format(rawget(indices, 3 * t + k))
      if not out and ix[3 * t + k - 1] < 0 then out = k end
    end
    if C.collide_error_reason(code) == C.COLLIDE_E_DEGENERATE_TRIANGLE or not out then
      return argerror(F_MESH, 3, ("triangle %d (indices %s, %s, %s) is degenerate"):format(
        t + 1, num[1], num[2], num[3]))
    end
    return argerror(F_MESH, 3,
      ("triangle %d (indices %s, %s, %s): index %s is out of range"):format(
      t + 1, num[1], num[2], num[3], num[out]))
  end

  -- lcollide_world.c w_add_mesh, check for check.
  function methods.add_mesh(self, vertices, indices, data)
    local w, D = check_unlocked(F_MESH, self)
    if type(vertices) ~= "table" then return typeerror(F_MESH, 2, "table", vertices) end
    if type(indices) ~= "table" then return typeerror(F_MESH, 3, "table", indices) end
    local nv, ni = #vertices, #indices
    if ni % 3 ~= 0 then
      return argerror(F_MESH, 3, "number of indices is not a multiple of 3")
    end
    local vs = new("collide_vec3[?]", nv + 1)
    local ix = new("int[?]", ni + 1)
    for i = 1, nv do checkvec_at(F_MESH, 2, vertices, i, vs[i - 1]) end
    for i = 1, ni do
      local x = rawget(indices, i)
      if type(x) ~= "number" or x ~= floor(x) or x == huge or x == -huge then
        return argerror(F_MESH, 3, ("integer expected at index %d, got %s"):format(
          i, type(x) == "number" and "number" or typename(x)))
      end
      ix[i - 1] = (x >= 1 and x <= nv) and x - 1 or -1
    end
    local b = take_vecs()
    local n = C.collide_world_add_mesh(w, vs, nv, ix, ni, b.first)
    local first = b.first[0]
    give_vecs(b)
    if n < 0 and first >= 0 then mesh_error(n, first, indices, ix) end
    if n < 0 then world_error(F_MESH, n) end
    if type(data) ~= "nil" then
      for id = first, first + n - 1 do D[id] = data end
    end
    return first, first + n - 1
  end

  -- Keeps data with ids first .. first + n - 1 (lcollide_world.c
  -- added_range) and returns first, last.
  local function added_range(D, first, n, data)
    if type(data) ~= "nil" then
      for id = first, first + n - 1 do D[id] = data end
    end
    return first, first + n - 1
  end

  local F_TILES, F_OUTLINE = fn("add_tiles", 1), fn("add_outline", 1)
  -- lcollide_world.c w_add_tiles, check for check.
  function methods.add_tiles(self, grid, size, origin, data)
    local w, D = check_unlocked(F_TILES, self)
    if type(grid) ~= "table" then typeerror(F_TILES, 2, "table", grid) end
    local b = take_vecs()
    local TSIZE, TORIGIN = b[3], b[4]
    if type(size) == "number" then
      TSIZE.x, TSIZE.y, TSIZE.z = size, size, 0
    else
      local s = istype(V, size) and size or tovec(F_TILES, 3, size, TSIZE)
      TSIZE.x, TSIZE.y, TSIZE.z = s.x, s.y, s.z
    end
    if type(origin) ~= "nil" then
      local o = istype(V, origin) and origin or tovec(F_TILES, 4, origin, TORIGIN)
      TORIGIN.x, TORIGIN.y, TORIGIN.z = o.x, o.y, o.z
    else
      TORIGIN.x, TORIGIN.y, TORIGIN.z = 0, 0, 0
    end
    local rows, cols = #grid, 0
    for r = 1, rows do
      local row = rawget(grid, r)
      if type(row) ~= "table" then
        argerror(F_TILES, 2, ("table expected at row %d, got %s"):format(r, typename(row)))
      end
      if #row > cols then cols = #row end
    end
    if rows > 0 and cols > 2 ^ 31 / rows then argerror(F_TILES, 2, "grid too large") end
    local cells = new("unsigned char[?]", rows * cols + 1)
    for r = 1, rows do
      local row = rawget(grid, r)
      local base = (r - 1) * cols - 1
      for c = 1, #row do
        local x = rawget(row, c)
        if type(x) == "number" then
          if x ~= x then
            argerror(F_TILES, 2, ("number is NaN at row %d, column %d"):format(r, c))
          end
          if x ~= 0 then cells[base + c] = 1 end
        elseif type(x) ~= "nil" then
          argerror(F_TILES, 2, ("number expected at row %d, column %d, got %s"):format(
            r, c, typename(x)))
        end
      end
    end
    local n = C.collide_world_add_tiles(w, cells, rows, cols, TSIZE, TORIGIN, b.first)
    local first = b.first[0]
    give_vecs(b)
    if n < 0 then world_error(F_TILES, n) end
    return added_range(D, first, n, data)
  end

  -- lcollide_world.c w_add_outline, check for check and word for word.
  function methods.add_outline(self, points, data)
    local w, D = check_unlocked(F_OUTLINE, self)
    if type(points) ~= "table" then typeerror(F_OUTLINE, 2, "table", points) end
    local n = #points
    local vs = new("collide_vec3[?]", n + 1)
    for i = 1, n do checkvec_at(F_OUTLINE, 2, points, i, vs[i - 1]) end
    local buf = take_vecs()
    local WHERE, AT = buf.where, buf.at
    local k = C.collide_world_add_outline(w, vs, n, buf.first, WHERE, AT)
    local first = buf.first[0]
    if k < 0 and WHERE[0] >= 0 then
      local a, b = vs[0], vs[n - 1]
      -- (a closing point equal to the first was dropped: edges count the rest)
      local m = (a.x == b.x and a.y == b.y and a.z == b.z) and n - 1 or n
      local p, q = WHERE[0], WHERE[1]
      argerror(F_OUTLINE, 2, ("outline crosses itself: edge %d-%d meets edge %d-%d at (%s, %s%s)")
        :format(p + 1, (p + 1) % m + 1, q + 1, (q + 1) % m + 1, ("%.14g"):format(AT.x),
                ("%.14g"):format(AT.y), AT.z ~= 0 and ", " .. ("%.14g"):format(AT.z) or ""))
    end
    give_vecs(buf)
    if k < 0 then world_error(F_OUTLINE, k) end
    return added_range(D, first, k, data)
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
    local w, D = check_unlocked(F_REMOVE, self)
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
    local w = check_unlocked(F_BUILD, self)
    local code = C.collide_world_build(w)
    if code < 0 then world_error(F_BUILD, code) end
    return self
  end

  local F_NEXT_ID = fn("_next_id", 1)

  -- Internal (lcollide_world.c w__next_id): the id the next shape added
  -- gets, moved on to id first when one is given.
  function methods._next_id(self, id)
    local w = check_world(F_NEXT_ID, self)
    if id ~= nil then
      w = check_unlocked(F_NEXT_ID, self)
      check_number(F_NEXT_ID, 2, id)
      local code = (id >= 1 and id <= 2147483646 and id == floor(id))
                   and C.collide_world_set_next_id(w, id) or -(2 * 256 + C.COLLIDE_E_BAD_INDEX)
      if code < 0 then world_error(F_NEXT_ID, code) end
    end
    return C.collide_world_next_id(w)
  end

  -- w:save(): lua/collide/persist.lua, shared by both backends.
  function methods.save(self)
    local s = require("collide.persist").save(self)   -- (no tail call: the
    return s                                           -- error levels count it)
  end

  -- ---- shapes that change and move -------------------------------------------

  local F_UPDATE, F_GET, F_SHAPES = fn("update", 1), fn("get", 1), fn("shapes", 1)
  local F_SET_LAYERS, F_LAYERS = fn("set_layers", 1), fn("layers", 1)
  local F_SET_VEL, F_VEL, F_ADVANCE = fn("set_velocity", 1), fn("velocity", 1), fn("advance", 1)

  -- A polygon argument for update: a polygon, or an array of 3 or more
  -- vectors (as add_polygon takes): the core's polygon, and the array
  -- holding its vertices (the caller keeps it in a local while the core
  -- copies them).
  local function polygon_arg(f, idx, p)
    if istype(G, p) then return cast(POLYGON_PTR, p), p end
    if type(p) ~= "table" then return typeerror(f, idx, "polygon", p) end
    local n = #p
    if n < 3 then
      return argerror(f, idx, ffi.string(C.collide_reason_message(C.COLLIDE_E_FEW_VERTICES)))
    end
    local vs = new("collide_vec3[?]", n)
    for i = 1, n do checkvec_at(f, idx, p, i, vs[i - 1]) end
    local poly = new("collide_polygon")
    local code = C.collide_polygon_init(vs, C.collide_polygon_open_count(vs, n), poly)
    if code < 0 then return argerror(f, idx, ffi.string(C.collide_error_message(code))) end
    return poly, vs
  end

  -- A rotation argument (ffi.lua torot, lcollide_convex.c
  -- lc_checkrotation): an angle, or an object with number fields w, x, y,
  -- z, read through its __index (which may run Lua, so into locals first:
  -- rotfields), checked and written by torot into dst, the call's own
  -- struct (a change's take_vecs buffer: nothing allocated per call).
  local torot, rotfields = E.torot, E.rotfields
  local function rot_arg(f, idx, r, dst)
    return torot(f, idx, r, dst, rotfields(r))
  end
  -- The queries' rotations (sweep_convex), one per argument position, as
  -- ffi.lua's ROTS: their fields are read before the query's scratch
  -- generation begins (an __index that ran a query would otherwise count
  -- it up on every attempt, and the query ran again for ever), written
  -- by torot after it; a finalizer's query in between counts it up, and
  -- the query runs again (GEN), as for the scratch vectors.
  local ROT = {}
  for i = 1, 8 do ROT[i] = new("collide_rotation") end

  function methods.update(self, id, a, b, c)
    local w = check_unlocked(F_UPDATE, self)
    id = check_id(F_UPDATE, id)
    -- A box given as two vec3s (collide.bump's every move) in one C call:
    -- the core's update_aabb changes nothing and returns 0 when id is not a
    -- box (or not there), and then the shape's kind decides as below. (In
    -- the interpreter each FFI call costs; the kind's was a third of a
    -- bump move's C calls.)
    if c == nil and istype(V, a) and istype(V, b) and id ~= 0 then
      local code = C.collide_world_update_aabb(w, id, a, b)
      if code ~= 0 then
        if code < 0 then world_error(F_UPDATE, code) end
        return true
      end
    end
    local kind = id ~= 0 and C.collide_world_kind(w, id) or 0
    local f, code = F_UPDATE, 0
    local VS = take_vecs()   -- (the call's own: see take_vecs)
    if kind == 1 then
      if not istype(V, a) then a = tovec(f, 3, a, VS[3]) end
      if not istype(V, b) then b = tovec(f, 4, b, VS[4]) end
      if not istype(V, c) then c = tovec(f, 5, c, VS[5]) end
      code = C.collide_world_update_triangle(w, id, a, b, c)
    elseif kind == 2 then
      local poly, vertices = polygon_arg(f, 3, a)
      code = C.collide_world_update_polygon(w, id, poly)
      if vertices == nil then error("unreachable") end   -- (alive until here)
    elseif kind == 3 or kind == 5 then
      if not istype(V, a) then a = tovec(f, 3, a, VS[3]) end
      if not istype(V, b) then b = tovec(f, 4, b, VS[4]) end
      if kind == 3 then code = C.collide_world_update_aabb(w, id, a, b)
      else code = C.collide_world_update_segment(w, id, a, b) end
    elseif kind == 4 then
      if not istype(V, a) then a = tovec(f, 3, a, VS[3]) end
      check_number(f, 4, b)
      code = C.collide_world_update_sphere(w, id, a, b)
    elseif kind == 7 then
      if not istype(V, a) then a = tovec(f, 3, a, VS[3]) end
      if not istype(V, b) then b = tovec(f, 4, b, VS[4]) end
      check_number(f, 5, c)
      code = C.collide_world_update_capsule(w, id, a, b, c)
    elseif kind == 6 then
      if not istype(P, a) then return typeerror(f, 3, "plane", a) end
      code = C.collide_world_update_plane(w, id, cast(PLANE_PTR, a))
    elseif kind == 8 then
      if not (istype(CX, a) and CONVEX_BODY[a]) then return typeerror(f, 3, "convex", a) end
      if not istype(V, b) then b = tovec(f, 4, b, VS[4]) end
      c = rot_arg(f, 5, c, VS.rot)
      code = C.collide_world_update_convex(w, id, CONVEX_HULL[a], b, c)
    end
    give_vecs(VS)
    if code < 0 then world_error(f, code) end
    return code ~= 0
  end

  local SHAPE = new("collide_world_shape")

  local function vec(v) return V(v.x, v.y, v.z) end

  -- SHAPE is state-wide and a polygon's vertices are the world's (issue 27,
  -- F4): an allocation may run a finalizer that calls get (SHAPE is read
  -- into locals first, through pointers: a field that is a struct, SHAPE.a,
  -- would be a new reference object in the interpreter, an allocation), or
  -- removes the shape and frees its vertices (they are copied with the
  -- world locked, as a finalizer may run between reading their address,
  -- which allocates, and copying them).
  local SHAPED = cast("double *", SHAPE)
  local function dat(field) return ffi.offsetof("collide_world_shape", field) / 8 end
  local SA, SB, SC, SR, SPL = dat("a"), dat("b"), dat("c"), dat("r"), dat("plane")

  -- Shape id's vertices (a polygon of the locked world w), copied; nil if
  -- it is gone: a finalizer may have removed or updated it after get's
  -- first look and before the lock (the GC stress run of untrusted_spec's
  -- F4 met a removed one, whose stale count 0 made an empty polygon).
  -- The record is the call's own (sh), not SHAPE: a finalizer's get, run
  -- at the allocation of the copy or at an exit of compiled code between
  -- the look and the copy, fills SHAPE with another shape, whose vertex
  -- pointer and count were then copied from (the world is locked: this
  -- shape's own stay put).
  -- (sh's fields are read through sh itself: a pointer into it would not
  -- keep it alive)
  local SHAPE_CT = ffi.typeof("collide_world_shape")
  local function copy_vertices(w, id)
    local sh = SHAPE_CT()
    if C.collide_world_get(w, id, sh) == 0 or sh.kind ~= 2 then return nil, 0 end
    local n = sh.polygon.count
    local vs = new("collide_vec3[?]", n)
    ffi.copy(vs, sh.polygon.vertices, n * 24)   -- (sizeof(collide_vec3))
    return vs, n
  end

  -- A convex shape's rotation in SHAPE, read through a pointer (get reads
  -- it with the other numbers, before the hull's copy allocates: read
  -- after it, it was another shape's whenever a finalizer had called get
  -- meanwhile).
  local SROT = cast("collide_rotation *", cast("char *", SHAPE) +
                                          ffi.offsetof("collide_world_shape", "rot"))

  -- Shape id's hull (a convex shape of the locked world w), copied into a
  -- new convex object; nil if it is gone (as above). The record is the
  -- call's own, as above: the hull pointer read from SHAPE after the
  -- block's allocation was another shape's whenever a finalizer had
  -- called get meanwhile.
  local function copy_convex(w, id)
    local sh = SHAPE_CT()
    if C.collide_world_get(w, id, sh) == 0 or sh.kind ~= 8 then return nil end
    local hull = sh.convex
    local need = C.collide_convex_copy(hull, nil, 0)
    return new_hull(need, function(body, size)
      C.collide_convex_copy(hull, body, size)
    end)
  end

  function methods.get(self, id)
    local g = GEN[0] + 1
    GEN[0] = g
    local w = check_world(F_GET, self)
    id = check_id(F_GET, id)
    if id == 0 or C.collide_world_get(w, id, SHAPE) == 0 then return nil end
    local kind = SHAPE.kind
    local name = KIND[kind]
    local d = SHAPED
    local ax, ay, az, bx, by, bz = d[SA], d[SA + 1], d[SA + 2], d[SB], d[SB + 1], d[SB + 2]
    local cx, cy, cz, r = d[SC], d[SC + 1], d[SC + 2], d[SR]
    local pl1, pl2, pl3, pl4 = d[SPL], d[SPL + 1], d[SPL + 2], d[SPL + 3]
    local ra, rangle, rw, rx, ry, rz
    if kind == 8 then
      ra, rangle, rw, rx, ry, rz = SROT.is_angle, SROT.angle, SROT.w, SROT.x, SROT.y, SROT.z
    end
    if GEN[0] ~= g then return methods.get(self, id) end   -- (see GEN)
    if kind == 1 then return name, V(ax, ay, az), V(bx, by, bz), V(cx, cy, cz)
    elseif kind == 2 then
      lock(self)
      local ok, vs, n = pcall(copy_vertices, w, id)
      unlock(self)
      if not ok then error(vs, 0) end
      if vs == nil then return nil end   -- (removed meanwhile)
      local list = {}
      for i = 1, n do list[i] = vec(vs[i - 1]) end
      return name, E.M.polygon(list)
    elseif kind == 4 then return name, V(ax, ay, az), r
    elseif kind == 7 then return name, V(ax, ay, az), V(bx, by, bz), r
    elseif kind == 6 then
      return name, P(pl1, pl2, pl3, pl4)
    elseif kind == 8 then
      lock(self)
      local ok, h = pcall(copy_convex, w, id)
      unlock(self)
      if not ok then error(h, 0) end
      if h == nil then return nil end   -- (removed meanwhile)
      if ra ~= 0 then return name, h, V(ax, ay, az), rangle end
      return name, h, V(ax, ay, az), { w = rw, x = rx, y = ry, z = rz }
    end
    return name, V(ax, ay, az), V(bx, by, bz)
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
      return argerror(f, idx, ffi.string(C.collide_reason_message(reason)))
    end
    return x
  end

  function methods.set_layers(self, id, bits)
    local w = check_unlocked(F_SET_LAYERS, self)
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
    local w = check_unlocked(F_SET_VEL, self)
    id = check_id(F_SET_VEL, id)
    local b = take_vecs()   -- (the call's own: see take_vecs)
    if not istype(V, d) then d = tovec(F_SET_VEL, 3, d, b[3]) end
    local code
    if id ~= 0 then
      code = C.collide_world_set_velocity(w, id, d)
    else
      local e = C.collide_check_vec3(d)
      code = e ~= 0 and -(3 * 256 + e) or 0
    end
    give_vecs(b)
    if code < 0 then world_error(F_SET_VEL, code) end
    return code ~= 0
  end

  local VEL = V()

  function methods.velocity(self, id, o1)
    local w = check_world(F_VEL, self)
    id = check_id(F_VEL, id)
    -- (the out-vector is checked for an unknown id too: issue 31)
    if type(o1) ~= "nil" and not istype(V, o1) then
      return typeerror(F_VEL, 3, "vec3 (out-vector)", o1)
    end
    local g = GEN[0] + 1
    GEN[0] = g
    if id == 0 or C.collide_world_velocity(w, id, VEL) == 0 then return nil end
    local x, y, z = VEL.x, VEL.y, VEL.z
    if GEN[0] ~= g then return methods.velocity(self, id, o1) end   -- (see GEN)
    return outvec(F_VEL, 3, o1, x, y, z)
  end

  local F_SET_SPIN, F_SPIN = fn("set_spin", 1), fn("spin", 1)

  function methods.set_spin(self, id, r)
    check_unlocked(F_SET_SPIN, self)
    id = check_id(F_SET_SPIN, id)
    local VS = take_vecs()   -- (the call's own: see take_vecs)
    local rot = rot_arg(F_SET_SPIN, 3, r, VS.rot)
    -- (the rotation's fields may run Lua code, a metamethod: the world
    -- again; an id that is no shape's still has its rotation checked: -1)
    local w = check_unlocked(F_SET_SPIN, self)
    local code = C.collide_world_set_spin(w, id ~= 0 and id or -1, rot)
    give_vecs(VS)
    if code < 0 then world_error(F_SET_SPIN, code) end
    return code ~= 0
  end

  function methods.spin(self, id)
    local w = check_world(F_SPIN, self)
    id = check_id(F_SPIN, id)
    local r = new("collide_rotation")
    if id == 0 or C.collide_world_spin(w, id, r) == 0 then return nil end
    if r.is_angle ~= 0 then return r.angle end
    return { w = r.w, x = r.x, y = r.y, z = r.z }
  end

  local F_SET_SENSOR, F_SENSOR = fn("set_sensor", 1), fn("sensor", 1)
  local F_EVENTS = fn("sensor_events", 1)

  function methods.set_sensor(self, id, on)
    local w = check_unlocked(F_SET_SENSOR, self)
    id = check_id(F_SET_SENSOR, id)
    if type(on) ~= "boolean" then typeerror(F_SET_SENSOR, 3, "boolean", on) end
    local code = id ~= 0 and C.collide_world_set_sensor(w, id, on and 1 or 0) or 0
    if code < 0 then world_error(F_SET_SENSOR, code) end
    return code ~= 0
  end

  function methods.sensor(self, id)
    local w = check_world(F_SENSOR, self)
    id = check_id(F_SENSOR, id)
    local on = id ~= 0 and C.collide_world_sensor(w, id) or -1
    if on < 0 then return nil end
    return on == 1
  end

  -- (lcollide_world.c w_sensor_events: copied into a buffer of this call,
  -- then made into tables)
  function methods.sensor_events(self)
    local w = check_unlocked(F_EVENTS, self)
    local n = C.collide_world_sensor_events(w, nil, 0)
    local ev
    while n > 0 do
      ev = new("collide_sensor_event[?]", n + 16)
      w = check_unlocked(F_EVENTS, self)
      local m = C.collide_world_sensor_events(w, ev, n + 16)
      if m <= n + 16 then
        n = m
        break
      end
      n = m
    end
    local list = {}
    for i = 1, n do
      local e = ev[i - 1]
      list[i] = { sensor = e.sensor, id = e.id, u = e.u,
                  event = e.begin ~= 0 and "begin" or "end" }
    end
    return list
  end

  function methods.advance(self)
    local w = check_unlocked(F_ADVANCE, self)
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
  -- a filtered sweep's or ray's hit and id, its own (see filtered)
  local take_hit, give_hit = pool(function()
    local h = new("collide_hit")
    return { h, ffi.cast("double *", h), new("int[1]") }
  end)
  -- A mask filter: the core's marker function and the mask it points to.
  local LAYER = ffi.cast("collide_world_filter", C.collide_world_layer_filter)
  local MASK = new("int[1]")

  -- The filter of the query running now, its world's data, and the error
  -- it raised; saved and restored around each filtered query, so a filter
  -- may run a query of its own.
  local cur_filter, cur_data, cur_error
  local function callback_body(_, id)
    local ok, keep = pcall(cur_filter, id, cur_data[id])
    if gc_held then collect("stop") end   -- (see gc_stop)
    if not ok then
      cur_error = keep
      return FILTER_ABORT
    end
    return keep and 1 or 0
  end
  jit.off(callback_body)
  local CALLBACK = ffi.cast("collide_world_filter", callback_body)

  -- The query with the callback, outside the JIT: run(w, a1 .. a4, cb,
  -- a5, a6) calls the core (itself kept out of the JIT) with self locked; returns
  -- the core's code and the filter's error (if it raised one), or
  -- INTERRUPTED, with no filter called, when a finalizer's query came in
  -- since the caller took the count g (ffi.lua, GEN): the caller runs
  -- again (a filter called twice for one call could raise once only). The
  -- core has copied its arguments before it calls the filter, and the
  -- results are the call's own (taken by the caller: out of the filter's
  -- queries' way, and out of a finalizer's once the collector runs again).
  local INTERRUPTED = FILTER_ABORT - 2
  local function filtered(F, g, run, self, w, D, filter, a1, a2, a3, a4, a5, a6)
    local prev = gc_stop()
    enter(F, prev)
    lock(self)
    local sf, sd, se = cur_filter, cur_data, cur_error
    cur_filter, cur_data, cur_error = filter, D, nil
    -- (checked here, with nothing that can run a finalizer before the
    -- core has its arguments: this function is interpreted and allocates
    -- nothing. The filter's queries count up too, and nothing is read from
    -- the scratch after them. The count only ever goes up: had filtered
    -- or guarded set it back, a move -- which counts nothing -- run by a
    -- finalizer with options whose __index queries would have left an
    -- interrupted sweep's count as it was and its hit overwritten: the
    -- fuzzer found that.)
    local code = INTERRUPTED
    if GEN[0] == g then code = run(w, a1, a2, a3, a4, CALLBACK, a5, a6) end
    local err = cur_error
    cur_filter, cur_data, cur_error = sf, sd, se
    unlock(self)
    depth = depth - 1
    gc_resume(prev)
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
    if type(filter) ~= "function" then return typeerror(f, idx, "function or mask", filter) end
    return nil, nil, filter
  end

  -- lcollide_world.c push_world_hit: false | true, u, point, normal,
  -- feature, id; the out-vectors are the arguments out_idx, out_idx + 1.
  -- (HIT and ID are read into locals first: the first out-vector made may
  -- run a finalizer that runs a query)
  -- The out-vectors of a sweep, checked before it runs (on a miss too).
  local function check_outs(f, idx, o1, o2)
    if type(o1) ~= "nil" and not istype(V, o1) then
      return typeerror(f, idx, "vec3 (out-vector)", o1)
    end
    if type(o2) ~= "nil" and not istype(V, o2) then
      return typeerror(f, idx + 1, "vec3 (out-vector)", o2)
    end
  end

  -- RETRY when a finalizer's query came in after the count g was taken
  -- (ffi.lua, GEN): the caller runs again.
  -- The hit H (HD: its doubles) and the id IDA are HIT and ID (g given)
  -- or a filtered call's own (g nil: see filtered).
  local RETRY = {}
  local function world_hit(f, g, code, err, out_idx, o1, o2, H, HD, IDA)
    if g and GEN[0] ~= g then return RETRY end
    if code == FILTER_ABORT then error(err, 0) end
    if code < 0 then world_error(f, code) end
    if code == 0 then return false end
    local u, feature, id = HD[H_U], H.feature, IDA[0]
    local px, py, pz = HD[H_POINT], HD[H_POINT + 1], HD[H_POINT + 2]
    local nx, ny, nz = HD[H_NORMAL], HD[H_NORMAL + 1], HD[H_NORMAL + 2]
    if g and GEN[0] ~= g then return RETRY end
    local p = outvec(f, out_idx, o1, px, py, pz)
    local n = outvec(f, out_idx + 1, o2, nx, ny, nz)
    return true, u, p, n, FEATURE[feature], id
  end

  -- The lists: the core fills a buffer of the call's own (a filter, or a
  -- finalizer run as the list is made, may run a list query of its own),
  -- then the list is made from it, through the filter if there is one,
  -- behind GUARD (the world locked). A buffer too small is made large
  -- enough and the call runs again from the top (the arguments converted
  -- again: the allocation may have run a finalizer that used the scratch
  -- vectors).
  local F_RAY_ALL = fn("raycast_all", 1)
  local take_hits, give_hits = pool(function()
    return { new("collide_world_hit[?]", 16), 16 }
  end)

  local function hits_list(b, n, D, lf)
    local hits, list, k = b[1], {}, 0
    for i = 0, n - 1 do
      local h = hits[i]
      local id = h.id
      if lf == nil or lf(id, D[id]) then
        k = k + 1
        list[k] = { id = id, u = h.hit.u, point = vec(h.hit.point),
                    normal = vec(h.hit.normal), feature = FEATURE[h.hit.feature] }
      end
    end
    return list
  end

  function methods.raycast_all(self, a1, a2, filter)
    local g = GEN[0] + 1
    GEN[0] = g
    local w, D = check_world(F_RAY_ALL, self)
    local b = take_hits()
    local p0, p1 = a1, a2
    if not istype(V, p0) then p0 = tovec(F_RAY_ALL, 2, p0, S[2]) end
    if not istype(V, p1) then p1 = tovec(F_RAY_ALL, 3, p1, S[3]) end
    local cb, ctx, lf = filter_arg(F_RAY_ALL, 4, filter)
    local n = C.collide_world_raycast_all(w, p0, p1, cb, ctx, b[1], b[2])
    if GEN[0] ~= g then   -- (see GEN)
      give_hits(b)
      return methods.raycast_all(self, a1, a2, filter)
    end
    if n < 0 then world_error(F_RAY_ALL, n) end
    if n > b[2] then
      b[1], b[2] = new("collide_world_hit[?]", n), n
      give_hits(b)
      return methods.raycast_all(self, a1, a2, filter)
    end
    local list
    if lf == nil then list = hits_list(b, n, D, nil)
    else list = guarded(F_RAY_ALL, self, hits_list, b, n, D, lf) end
    give_hits(b)
    return list
  end

  local take_ids, give_ids = pool(function() return { new("int[?]", 64), 64 } end)

  local function ids_list(b, n, D, lf)
    local ids, list, k = b[1], {}, 0
    for i = 0, n - 1 do
      local id = ids[i]
      if lf == nil or lf(id, D[id]) then
        k = k + 1
        list[k] = id
      end
    end
    return list
  end

  -- The end of a list query (lcollide_world.c push_overlap,
  -- push_penetration), once the core has filled the buffer b (of ctype,
  -- taken from the pool that give returns it to) with n entries (n < 0:
  -- its error): make_list's list of them, run guarded when the Lua filter
  -- lf runs; false when b was too small (then made large enough) or when
  -- a finalizer's query came in after the count g was taken (ffi.lua,
  -- GEN): the caller runs again.
  local function list_query(f, g, self, D, b, n, lf, make_list, ctype, give)
    if GEN[0] ~= g then   -- (see GEN)
      give(b)
      return false
    end
    if n < 0 then world_error(f, n) end
    if n > b[2] then
      b[1], b[2] = new(ctype, n), n
      give(b)
      return false
    end
    local list
    if lf == nil then list = make_list(b, n, D, nil)
    else list = guarded(f, self, make_list, b, n, D, lf) end
    give(b)
    return list
  end

  local function overlap(f, g, self, D, b, n, lf)
    return list_query(f, g, self, D, b, n, lf, ids_list, "int[?]", give_ids)
  end

  -- lcollide_world.c push_candidates: the core's n ids (n <= b's
  -- capacity) into out[1..n] (a new table when nil), the entries after
  -- them up to out's old length cleared; nil when b was too small (then
  -- made large enough) or when a finalizer's query came in after the
  -- count g was taken (see GEN): the caller runs again.
  local function candidates(f, g, b, n, out)
    if GEN[0] ~= g then
      give_ids(b)
      return nil
    end
    if n < 0 then
      give_ids(b)
      world_error(f, n)
    end
    if n > b[2] then
      b[1], b[2] = new("int[?]", n), n
      give_ids(b)
      return nil
    end
    local ids, old = b[1], 0
    if out == nil then out = {} else old = #out end
    -- (raw, as the C API's lua_rawseti; rawset only where there is a
    -- metatable, as the plain store compiles better)
    -- (one loop, copying and clearing: a loop after another, in the trace
    -- of its exit, gave LuaJIT 2.1 "register coalescing too complex", and
    -- the caller ran in the interpreter)
    local last = old > n and old or n
    if getmetatable(out) ~= nil then
      for i = 1, last do rawset(out, i, i <= n and ids[i - 1] or nil) end
    else
      for i = 1, last do out[i] = i <= n and ids[i - 1] or nil end
    end
    give_ids(b)
    return out, n
  end

  local take_pens, give_pens = pool(function()
    return { new("collide_penetration[?]", 16), 16 }
  end)

  local function pens_list(b, n, D, lf)
    local pens, list, k = b[1], {}, 0
    for i = 0, n - 1 do
      local p = pens[i]
      local id = p.id
      if lf == nil or lf(id, D[id]) then
        k = k + 1
        list[k] = { id = id, normal = vec(p.normal), depth = p.depth }
      end
    end
    return list
  end

  -- {id =, normal =, depth =} for each shape
  local function penetration(f, g, self, D, b, n, lf)
    return list_query(f, g, self, D, b, n, lf, pens_list, "collide_penetration[?]",
                      give_pens)
  end

  -- ---- many queries in one call (raycast_many, sweep_*_many) ---------------

  -- lcollide_world.c push_many, check for check: w:<name>(<arguments>,
  -- segments [, filter [, out]]) -> out. segments and out are tables or,
  -- here only, FFI double arrays (ffi.new("double[?]", n)): an array of
  -- segments is passed to the core as it is, and an out array is written
  -- by the core directly, when no Lua filter can run meanwhile (a filter
  -- could change the segments, or raise an error after some answers are
  -- written); else the buffer of the call's own is used, as for tables. A
  -- rejected call writes nothing into out.
  local DOUBLES = ffi.typeof("double[?]")
  local MANY_MAX = floor(0x7fffffff / 8)
  -- a buffer: the segments (6 numbers a query), how many queries it holds,
  -- the answers (8 a query); two arrays, so that no pointer into one is
  -- made per call (a cdata the interpreter would allocate)
  local take_many, give_many = pool(function()
    return { new(DOUBLES, 6 * 16), 16, new(DOUBLES, 8 * 16), new("int[1]") }
  end)

  local function many_length(F, sidx, len)
    if len % 6 ~= 0 then
      argerror(F, sidx, "segments: length " .. len .. " is not a multiple of 6")
    end
    if len / 6 > MANY_MAX then argerror(F, sidx, "more than " .. MANY_MAX .. " queries") end
    return len / 6
  end

  -- call(w, a1, a2, seg, n, cb, ctx, out, bad) calls the core, run is the
  -- same for filtered() (a Lua filter: cb is CALLBACK, ctx nil); a1 and a2
  -- are the arguments before segments, at position sidx.
  -- conv(a1, a2) checks (and converts) the arguments before segments.
  local function many(F, self, call, run, conv, a1, a2, sidx, segs, filter, out)
    local g = GEN[0] + 1
    GEN[0] = g
    local w, D = check_world(F, self)
    -- the buffer first: its allocation may run a finalizer, which may run
    -- a query that converts its vectors where conv converts a1 and a2
    local st, direct = type(segs), false
    local b = take_many()
    local n = st == "table" and #segs or (st == "cdata" and istype(DOUBLES, segs)
                                     and ffi.sizeof(segs) / 8) or 0
    n = floor(n / 6)
    if b[2] < n and n <= MANY_MAX then
      b[1], b[2], b[3] = new(DOUBLES, 6 * n), n, new(DOUBLES, 8 * n)
    end
    local x1, x2 = conv(a1, a2)
    if st == "table" then
      n = many_length(F, sidx, #segs)
    elseif st == "cdata" and istype(DOUBLES, segs) then
      n = many_length(F, sidx, ffi.sizeof(segs) / 8)
      direct = true
    elseif st == "cdata" then
      typeerror(F, sidx, "table or double array", segs)
    else
      typeerror(F, sidx, "table", segs)
    end
    local cb, ctx, lf = filter_arg(F, sidx + 1, filter)
    local ot = type(out)
    if ot == "cdata" then
      if not istype(DOUBLES, out) then typeerror(F, sidx + 2, "table or double array", out) end
      local have = ffi.sizeof(out) / 8
      if have < 8 * n then
        argerror(F, sidx + 2, "out: " .. 8 * n .. " numbers needed, the array holds " .. have)
      end
    elseif ot ~= "nil" and ot ~= "table" then
      typeerror(F, sidx + 2, "table", out)
    end
    local seg, res = b[1], b[3]
    if direct then
      -- (copied when Lua runs meanwhile. An out array is never segments
      -- too: both are double[?] arrays, each its own memory, and one of
      -- 6n numbers cannot hold 8n answers)
      if lf ~= nil then ffi.copy(seg, segs, 48 * n) else seg = segs end
    else
      for i = 1, 6 * n do
        local x = rawget(segs, i)
        if type(x) ~= "number" then
          give_many(b)
          argerror(F, sidx, "segments[" .. i .. "]: number expected, got " .. typename(x))
        end
        seg[i - 1] = x
      end
    end
    if ot == "cdata" and lf == nil then res = out end
    local code, err, bad
    local BAD = b[4]   -- (the call's own, as the answers)
    if lf == nil then
      code = call(w, x1, x2, seg, n, cb, ctx, res, BAD)
    else
      code, err = filtered(F, g, run, self, w, D, lf, x1, x2, seg, n, res, BAD)
    end
    bad = BAD[0]
    if code == INTERRUPTED or (lf == nil and GEN[0] ~= g) then   -- (see GEN)
      give_many(b)
      return many(F, self, call, run, conv, a1, a2, sidx, segs, filter, out)
    end
    if code == FILTER_ABORT then
      give_many(b)
      error(err, 0)
    end
    if code < 0 then
      give_many(b)
      if bad >= 0 then
        argerror(F, sidx, "segments[" .. bad + 1 .. "]: " ..
                 ffi.string(C.collide_error_message(code)))
      end
      world_error(F, code)
    end
    if ot == "cdata" then
      if lf ~= nil then ffi.copy(out, res, 64 * n) end
    else
      local old = 0
      if ot == "nil" then out = {} else old = #out end
      -- (raw, as the C API's lua_rawseti; rawset only where there is a
      -- metatable, as the plain store compiles better)
      if getmetatable(out) ~= nil then
        for i = 1, 8 * n do rawset(out, i, res[i - 1]) end
      else
        for i = 1, 8 * n do out[i] = res[i - 1] end
      end
      for i = old, 8 * n + 1, -1 do rawset(out, i, nil) end
    end
    give_many(b)
    return out
  end

  -- ---- the methods declared in csrc/lua/lcollide_api.h ---------------------

  -- LC_API_WORLD_METHODS, read from collide.core._api.world: one row
  -- {lua_name, core_function, kinds, RESULT} per method, each made into
  -- straight-line code here as lcollide_world.c makes its wrappers from
  -- the same lines (the arguments after self checked in order, by kind).
  -- ($ is the parameter's number, # its position in the Lua call)
  local ARG_CHECK = {
    N = 'if type(a$) ~= "number" then return typeerror(F, #, "number", a$) end',
    V = 'if not istype(V, a$) then a$ = tovec(F, #, a$, S[#]) end',
    P = 'if not istype(P, a$) then return typeerror(F, #, "plane", a$) end',
    C = 'if not (istype(CX, a$) and CONVEX_BODY[a$]) then ' ..
        'return typeerror(F, #, "convex", a$) end',
    R = 'a$ = torot(F, #, a$, RS$, q$w, q$x, q$y, q$z)',
    A = '-- (a$: segments, checked by many)',
  }
  local ARG_PASS = { N = "a$", V = "a$", P = "cast(PLANE_PTR, a$)", A = "seg, n",
                     C = "CONVEX_HULL[a$]", R = "a$" }

  -- Per result: the method's source, given its parameters, checks, the
  -- arguments passed to the core and the position after the arguments.
  local BODY = {
    ADDED = [[
return function(self, %s, data)
  local w, D = check_unlocked(F, self)
  local S = take_vecs()   -- (the call's own: see take_vecs)
%s
  local code = C.%s(w, %s)
  give_vecs(S)
  return added(F, D, code, data)
end]],
    IDS = [[
local method
method = function(self, %s, filter)
  local g = GEN[0] + 1
  GEN[0] = g
  local w, D = check_world(F, self)
  local b = take_ids()
%s
  local cb, ctx, lf = filter_arg(F, %d, filter)
  local list = overlap(F, g, self, D, b, C.%s(w, %s, cb, ctx, b[1], b[2]), lf)
  if list then return list end
  return method(self, %s, filter)
end
return method]],
    PEN = [[
local method
method = function(self, %s, filter)
  local g = GEN[0] + 1
  GEN[0] = g
  local w, D = check_world(F, self)
  local b = take_pens()
%s
  local cb, ctx, lf = filter_arg(F, %d, filter)
  local list = penetration(F, g, self, D, b, C.%s(w, %s, cb, ctx, b[1], b[2]), lf)
  if list then return list end
  return method(self, %s, filter)
end
return method]],
    CAND = [[
local method
method = function(self, %s, out)
  local g = GEN[0] + 1
  GEN[0] = g
  local w = check_world(F, self)
  local b = take_ids()
%s
  if type(out) ~= "nil" and type(out) ~= "table" then return typeerror(F, %d, "table", out) end
  local list, n = candidates(F, g, b, C.%s(w, %s, b[1], b[2]), out)
  if list then return list, n end
  return method(self, %s, out)
end
return method]],
    WHIT = [[
local function run(w, a1, a2, a3, a4, cb, hb)
  return C.%s(w, %s, cb, nil, hb[1], hb[3])
end
jit.off(run)
local method
method = function(self, %s, filter, o1, o2)
  local g = GEN[0] + 1
  GEN[0] = g
  local w, D = check_world(F, self)
%s
  local code, err
  if type(filter) == "nil" then
    check_outs(F, %d, o1, o2)
    code = C.%s(w, %s, nil, nil, HIT, ID)
  else
    local cb, ctx, lf = filter_arg(F, %d, filter)
    check_outs(F, %d, o1, o2)
    if lf == nil then
      code = C.%s(w, %s, cb, ctx, HIT, ID)
    else
      -- (the hit of the call's own: see filtered)
      local hb = take_hit()
      code, err = filtered(F, g, run, self, w, D, lf, %s, hb)
      if code == INTERRUPTED then
        give_hit(hb)
        return method(self, %s, filter, o1, o2)
      end
      local hit, u, p, n, feature, id = world_hit(F, nil, code, err, %d, o1, o2,
                                                  hb[1], hb[2], hb[3])
      give_hit(hb)
      if not hit then return false end
      return hit, u, p, n, feature, id
    end
  end
  local hit, u, p, n, feature, id = world_hit(F, g, code, err, %d, o1, o2, HIT, HITD, ID)
  if hit == RETRY then return method(self, %s, filter, o1, o2) end
  if not hit then return false end
  return hit, u, p, n, feature, id
end
return method]],
    -- (the arguments before segments are a1, a2 of many(): at most two)
    MANY = [[
local function call(w, a1, a2, seg, n, cb, ctx, out, bad)
  return C.%s(w, %s, cb, ctx, out, bad)
end
local function run(w, a1, a2, seg, n, cb, out, bad)
  return call(w, a1, a2, seg, n, cb, nil, out, bad)
end
jit.off(run)
local function conv(a1, a2)
%s
  return a1, a2
end
return function(self, %s, filter, out)
  return many(F, self, call, run, conv, %s, %d, segs, filter, out)
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
    -- A rotation's fields read first (rot_arg, ROT), into the call's own
    -- struct for a change (its take_vecs buffer), a scratch one for a query
    local pre, nrot = {}, 0
    for i = 1, #kinds do
      if kinds:sub(i, i) == "R" then
        nrot = nrot + 1
        pre[#pre + 1] = ("  local q%dw, q%dx, q%dy, q%dz = rotfields(a%d)\n"):format(i, i, i, i, i)
        pre[#pre + 1] = ("  local RS%d = %s\n"):format(i, result == "ADDED" and "S.rot"
                                                                 or ("ROT[" .. i .. "]"))
      end
    end
    pre = table.concat(pre)
    assert(nrot == 0 or result ~= "MANY", "a rotation among many()'s arguments")
    assert(nrot <= 1 or result ~= "ADDED", "two rotations in one change")
    local src
    if result == "MANY" then
      -- the last kind is A, segments; the checks of the others come first
      -- (they are a1, a2: the order of the C API's world_args)
      local k = #kinds - 1
      local before, cparams = {}, {}
      for i = 1, 2 do before[i] = i <= k and "a" .. i or "nil" end
      for i = 1, k do cparams[i] = "a" .. i end
      cparams[k + 1] = "segs"
      src = BODY.MANY:format(cfn, pass, checks, table.concat(cparams, ", "),
                             table.concat(before, ", "), k + 2)
    elseif result == "ADDED" then
      src = BODY.ADDED:format(params, checks, cfn, pass)
    elseif result == "IDS" or result == "PEN" or result == "CAND" then
      -- (the converted arguments are x1, x2, ...: a1, a2, ... are kept for
      -- the call again)
      local xchecks = checks:gsub("a(%d)", "x%1")
      local xpass = pass:gsub("a(%d)", "x%1")
      local xs = params:gsub("a(%d)", "x%1")
      src = BODY[result]:format(params, "  local " .. xs .. " = " .. params .. "\n" .. xchecks,
                            after, cfn, xpass, params)
      if result == "CAND" and name:sub(1, 7) == "update_" then
        -- (it changes the world first: not while it is locked)
        local n
        src, n = src:gsub("local w = check_world%(F, self%)", "local w = check_unlocked(F, self)")
        assert(n == 1, "no check_world in CAND's body")
      end
    else
      -- (x1, x2, ... again: see IDS)
      local xchecks = checks:gsub("a(%d)", "x%1")
      local xpass = pass:gsub("a(%d)", "x%1")
      local xs = params:gsub("a(%d)", "x%1")
      -- (filtered passes the hit buffer as its a5: the arguments padded to 4)
      local xs4 = xs .. (", nil"):rep(4 - #kinds)
      src = BODY.WHIT:format(cfn, pass, params,
                             "  local " .. xs .. " = " .. params .. "\n" .. xchecks,
                             after + 1, cfn, xpass, after, after + 1, cfn, xpass,
                             xs4, params, after + 1, after + 1, params)
    end
    if pre ~= "" then
      local n
      if result == "ADDED" then
        src, n = src:gsub("(\n  local S = take_vecs%(%)[^\n]*\n)", function(l) return l .. pre end)
      else
        src, n = src:gsub("(\n  local g = GEN%[0%] %+ 1\n)",
                          function(l) return "\n" .. pre .. l:sub(2) end)
      end
      assert(n == 1, "no place for a rotation's fields")
    end
    local chunk = assert(loadstring(
      "local C, V, P, S, F, istype, tovec, typeerror, check_world, added, overlap,\n" ..
      "      filter_arg, filtered, world_hit, HIT, ID, cast, PLANE_PTR, take_ids,\n" ..
      "      check_unlocked, take_pens, penetration, check_outs, many, GEN, RETRY,\n" ..
      "      take_vecs, give_vecs, take_hit, give_hit, INTERRUPTED, HITD,\n" ..
      "      candidates, CX, CONVEX_BODY, CONVEX_HULL, torot, rotfields, ROT = ...\n" .. src,
      "=collide.ffi(world:" .. name .. ")"))
    return chunk(C, V, P, S, fn(name, 1), istype, tovec, typeerror, check_world, added,
                 overlap, filter_arg, filtered, world_hit, HIT, ID, cast, PLANE_PTR,
                 take_ids, check_unlocked, take_pens, penetration, check_outs, many, GEN,
                 RETRY, take_vecs, give_vecs, take_hit, give_hit, INTERRUPTED, HITD,
                 candidates, CX, CONVEX_BODY, CONVEX_HULL, torot, rotfields, ROT)
  end

  for _, row in ipairs(capi._api.world) do methods[row[1]] = gen(row) end

  -- ---- the movers --------------------------------------------------------------

  -- lcollide_world.c move_common and read_options, check for check.
  local F_MOVE = { fn("move_sphere", 1), fn("move_aabb", 1), fn("move_capsule", 1),
                   fn("move_shape", 1), fn("move_convex", 1) }
  local SPHERE, AABB, CAPSULE, CONVEX = 0, 1, 2, 3
  -- A move's buffers, its own for the call (a filter or an options
  -- table's metamethod may move too): options, mover, result, contacts and
  -- their capacity, from and to.
  local take_move, give_move = pool(function()
    return { new("collide_move_options"), new("collide_mover"),
             new("collide_move_result"), new("collide_contact[?]", 64), 64, V(), V() }
  end)
  local RESPONSES = { slide = 0, bounce = 1, stop = 2 }
  -- what a move filter may return: slide, bounce, touch (stop), cross
  -- and oneway (COLLIDE_RESPONSE_ONEWAY)
  local FILTER_RESPONSES = { slide = 0, bounce = 1, touch = 2, cross = 3, oneway = 6 }
  local DEFAULT, IGNORE = 4, 5
  local FILTER_BAD_RESPONSE = FILTER_ABORT + 1
  -- the options in the order they are read (lcollide_world.c option_names)
  local OPTION_NAMES = { "max_iterations", "response", "restitution", "up",
    "max_slope", "skin", "filter", "velocity", "step_height", "snap",
    "stop_on_slope", "steep_as_wall", "carry", "max_push" }
  local KNOWN = {}
  for _, k in ipairs(OPTION_NAMES) do KNOWN[k] = true end

  local function opt_number(f, idx, key, x)
    if type(x) ~= "number" then
      return argerror(f, idx, "options." .. key .. ": number expected, got " .. typename(x))
    end
    return x
  end

  local function opt_boolean(f, idx, key, x)
    if type(x) ~= "boolean" then
      return argerror(f, idx, "options." .. key .. ": boolean expected, got " .. typename(x))
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
      -- (raw, as every vector is read, and as lcollide_world.c reads them)
      if type(rawget(v, 1)) == "nil" then
        x, y, z = rawget(v, "x"), rawget(v, "y"), rawget(v, "z")
      else
        x, y, z = rawget(v, 1), rawget(v, 2), rawget(v, 3)
      end
      if type(x) == "number" and type(y) == "number" and
         (type(z) == "nil" or type(z) == "number") then
        dst.x, dst.y, dst.z = x, y, z or 0
        return
      end
    end
    return argerror(f, idx, "options." .. key .. ": vec3 expected, got " .. typename(v))
  end

  -- The options that mean nothing without up: an error without it (issue
  -- 31), as in lcollide_world.c read_options.
  local NEEDS_UP = { max_slope = true, step_height = true, snap = true,
                     stop_on_slope = true, steep_as_wall = true }

  -- The options table into OPTIONS; returns the filter function, if any.
  local function read_options(f, idx, options, OPTIONS)
    if type(options) ~= "table" then return typeerror(f, idx, "table", options) end
    -- Every key of options is a known option's name. A while loop over
    -- next, not a pairs loop: LuaJIT 2.1.0-beta3 (as Debian and Ubuntu ship
    -- it) spins for ever when a compiled pairs loop (BC_ITERN) exits at its
    -- start inside a finalizer (a __gc call neither steps the collector nor
    -- records a side trace on a trace exit, and the exit re-enters the
    -- trace; fixed upstream in 119fd1fa, "Ensure forward progress on trace
    -- exit to BC_ITERN"): a finalizer that moved with options hung here
    -- (tests/fuzz_world.lua, seed 4009, trace of this loop, exit 1).
    -- (Inline, not a function of its own: an error's traceback starts at
    -- the method the game called.)
    local name = next(options)
    while name ~= nil do
      if type(name) ~= "string" then
        return argerror(f, idx, "unknown option (a " .. typename(name) .. " key)")
      end
      if not KNOWN[name] then return argerror(f, idx, "unknown option '" .. name .. "'") end
      name = next(options, name)
    end
    local filter, needs_up
    for i = 1, #OPTION_NAMES do
      local key = OPTION_NAMES[i]
      local x = options[key]
      if type(x) ~= "nil" then
        if needs_up == nil and NEEDS_UP[key] then needs_up = key end
        if key == "max_iterations" then
          x = opt_number(f, idx, key, x)
          -- (not >=: NaN fails too)
          if not (x >= 1) then  -- luacheck: ignore 581
            return argerror(f, idx,
                            ffi.string(C.collide_reason_message(C.COLLIDE_E_BAD_ITERATIONS)))
          end
          OPTIONS.max_iterations = x > 1e6 and 1000000 or floor(x)
        elseif key == "response" then
          local k = RESPONSES[type(x) == "string" and x or ""]
          if k == nil then
            return argerror(f, idx, "options.response must be 'slide', 'bounce' or 'stop'")
          end
          OPTIONS.response = k
        elseif key == "up" then
          opt_vec(f, idx, key, x, OPTIONS.up)
          OPTIONS.use_up = 1
        elseif key == "filter" then
          if type(x) == "number" then
            if not (x >= 0 and x < 2147483648 and x == floor(x)) then
              return argerror(f, idx, "options.filter: " ..
                ffi.string(C.collide_reason_message(C.COLLIDE_E_BAD_MASK)))
            end
            OPTIONS.use_mask, OPTIONS.mask = 1, x
          else
            if type(x) ~= "function" then
              return argerror(f, idx, "options.filter: function or mask expected")
            end
            filter = x
          end
        elseif key == "velocity" then
          opt_vec(f, idx, key, x, OPTIONS.velocity)
          OPTIONS.use_velocity = 1
        elseif key == "stop_on_slope" or key == "steep_as_wall" or key == "carry" then
          OPTIONS[key] = opt_boolean(f, idx, key, x)
        elseif key == "max_push" then
          x = opt_number(f, idx, key, x)
          if x < 0 then
            return argerror(f, idx, ffi.string(C.collide_reason_message(C.COLLIDE_E_NEG_PUSH)))
          end
          OPTIONS.max_push = x
        else   -- restitution, max_slope, skin, step_height, snap
          OPTIONS[key] = opt_number(f, idx, key, x)
        end
      end
    end
    if needs_up ~= nil and OPTIONS.use_up == 0 then
      return argerror(f, idx, "options." .. needs_up .. " needs options.up")
    end
    return filter
  end

  -- The filter's call and everything around it that allocates (the
  -- normal's vec3, the message of an unknown response) run under pcall:
  -- a finalizer may run at any allocation, and Lua 5.1 and LuaJIT pass its
  -- error on to that allocation. Raised in the callback outside pcall, the
  -- error would unwind through the core's frames and the FFI callback,
  -- which LuaJIT does not allow (`make check-gc` crashed so in
  -- _Unwind_RaiseException). Returns the core's response code and, for an
  -- unknown response, its message.
  local function move_filter_call(id, n)
    local r = cur_filter(id, cur_data[id], V(n.x, n.y, n.z))
    if type(r) == "string" then
      local k = FILTER_RESPONSES[r]
      if k == nil then
        return FILTER_BAD_RESPONSE, "filter returned an unknown response '" .. r ..
          "' (expected 'slide', 'touch', 'cross', 'bounce', 'oneway', true or false)"
      end
      return k
    end
    return r and DEFAULT or IGNORE
  end

  -- (Nothing here allocates: the callback's boxed arguments are made
  -- without a collector step, and pcall takes none.)
  local function move_callback_body(_, id, n)
    local ok, k, msg = pcall(move_filter_call, id, n)
    if gc_held then collect("stop") end   -- (see gc_stop)
    if not ok then
      cur_error = k
      return FILTER_ABORT
    end
    if msg ~= nil then cur_error = msg end
    return k
  end
  jit.off(move_callback_body)
  jit.off(move_filter_call)
  local MOVE_CALLBACK = ffi.cast("collide_move_filter", move_callback_body)

  local function move_filtered(f, self, w, D, filter, b, cap, id)
    local prev = gc_stop()
    enter(f, prev)
    lock(self)
    local sf, sd, se = cur_filter, cur_data, cur_error
    cur_filter, cur_data, cur_error = filter, D, nil
    local code
    if id then
      code = C.collide_world_move_shape(w, id, b[7], b[1], MOVE_CALLBACK, nil,
                                        b[4], cap, b[3])
    else
      code = C.collide_world_move(w, b[2], b[6], b[7], b[1], MOVE_CALLBACK,
                                  nil, b[4], cap, b[3])
    end
    local err = cur_error
    cur_filter, cur_data, cur_error = sf, sd, se
    unlock(self)
    depth = depth - 1
    gc_resume(prev)
    return code, err
  end
  jit.off(move_filtered)

  -- Does reading the options run Lua (their metatable's __index; the
  -- vectors in them are read raw)? Then they are read behind GUARD, the
  -- world locked.
  local function runs_lua(options)
    return getmetatable(options) ~= nil
  end

  -- The move, once MOVER is filled; a = 1 for the capsule and the convex
  -- shape (one more argument before from); id: move_shape's shape (a = -1:
  -- the id takes the place of the shape's arguments and from), else nil.

  local function move(f, a, self, w, D, b, from, to, options, o1, o2, id)
    local OPTIONS, RESULT = b[1], b[3]
    -- (from and to copied into the call's own vectors: a filter's move
    -- would overwrite the scratch ones)
    local FROM, TO = b[6], b[7]
    if id == nil then
      if not istype(V, from) then from = tovec(f, 3 + a, from, FROM) end
      FROM.x, FROM.y, FROM.z = from.x, from.y, from.z
    end
    if not istype(V, to) then to = tovec(f, 4 + a, to, TO) end
    TO.x, TO.y, TO.z = to.x, to.y, to.z
    C.collide_move_options_init(OPTIONS)
    local filter
    -- The options table's errors count the Lua way, without self, like
    -- every other argument, as the contract says (lcollide_world.c
    -- move_common); an options table with a metatable is read behind the
    -- guard, the world locked.
    if type(options) ~= "nil" then
      if type(options) == "table" and runs_lua(options) then
        filter = guarded(f, self, read_options, f, 5 + a, options, OPTIONS)
      else
        filter = read_options(f, 5 + a, options, OPTIONS)
      end
    end
    local cap = 64
    if 4 * OPTIONS.max_iterations + 32 > cap then
      cap = OPTIONS.max_iterations < 248 and 4 * OPTIONS.max_iterations + 32 or 1024
    end
    if cap > b[5] then
      b[4], b[5] = new("collide_contact[?]", cap), cap
    end
    local code, err
    if filter ~= nil then
      code, err = move_filtered(f, self, w, D, filter, b, cap, id)
    elseif id then
      code = C.collide_world_move_shape(w, id, TO, OPTIONS, nil, nil, b[4],
                                        cap, RESULT)
    else
      code = C.collide_world_move(w, b[2], FROM, TO, OPTIONS, nil, nil,
                                  b[4], cap, RESULT)
    end
    if id then
      if code == 0 then   -- no such shape, as w:update says
        b[8] = nil   -- (the hull of move_convex, no longer needed)
        give_move(b)
        return false
      end
      if code == 1 then code = 0 end
    end
    if code == FILTER_ABORT then error(err, 0) end
    if code == FILTER_BAD_RESPONSE then return raise(f.name .. ": " .. err) end
    if code < 0 and C.collide_error_arg(code) == 5 + a then
      return argerror(f, 5 + a, ffi.string(C.collide_error_message(code)))
    end
    if code < 0 and C.collide_error_reason(code) == C.COLLIDE_E_NOT_MOVABLE then
      -- the message names the kind: "triangle shape cannot move (...)"
      return argerror(f, 2, KIND[C.collide_world_kind(w, id)] .. " " ..
               ffi.string(C.collide_error_message(code)))
    end
    if code < 0 then world_error(f, code) end
    local p, v = RESULT.position, RESULT.velocity
    local position = outvec(f, 6 + a, o1, p.x, p.y, p.z)
    local list, contacts = {}, b[4]
    for i = 1, RESULT.ncontacts do
      local c = contacts[i - 1]
      local t = { id = c.id, point = V(c.point.x, c.point.y, c.point.z),
                  normal = V(c.normal.x, c.normal.y, c.normal.z), u = c.u,
                  feature = FEATURE[c.feature] }
      -- a push out of a shape it started in
      if c.depth > 0 then t.depth = c.depth end
      if c.stuck ~= 0 then t.stuck = true end
      list[i] = t
    end
    local velocity = outvec(f, 7 + a, o2, v.x, v.y, v.z)
    local ground
    if RESULT.ground_id ~= 0 then
      local gp, gn = RESULT.ground_point, RESULT.ground_normal
      ground = { id = RESULT.ground_id, point = V(gp.x, gp.y, gp.z),
                 normal = V(gn.x, gn.y, gn.z) }
    end
    local grounded = RESULT.grounded
    b[8] = nil   -- (the hull of move_convex, no longer needed)
    give_move(b)
    if grounded < 0 then return position, list, nil, velocity, ground end
    return position, list, grounded ~= 0, velocity, ground
  end

  function methods.move_sphere(self, r, from, to, options, o1, o2)
    local f = F_MOVE[1]
    local w, D = check_world(f, self)
    check_number(f, 2, r)
    local b = take_move()
    local MOVER = b[2]
    MOVER.kind, MOVER.r = SPHERE, r
    return move(f, 0, self, w, D, b, from, to, options, o1, o2)
  end

  function methods.move_aabb(self, e, from, to, options, o1, o2)
    local f = F_MOVE[2]
    local w, D = check_world(f, self)
    local b = take_move()
    if not istype(V, e) then e = tovec(f, 2, e, b[6]) end   -- (before from is)
    local MOVER = b[2]
    MOVER.kind = AABB
    MOVER.extents.x, MOVER.extents.y, MOVER.extents.z = e.x, e.y, e.z
    return move(f, 0, self, w, D, b, from, to, options, o1, o2)
  end

  function methods.move_capsule(self, r, axis, from, to, options, o1, o2)
    local f = F_MOVE[3]
    local w, D = check_world(f, self)
    check_number(f, 2, r)
    local b = take_move()
    if not istype(V, axis) then axis = tovec(f, 3, axis, b[6]) end   -- (before from is)
    local MOVER = b[2]
    MOVER.kind, MOVER.r = CAPSULE, r
    MOVER.axis.x, MOVER.axis.y, MOVER.axis.z = axis.x, axis.y, axis.z
    return move(f, 1, self, w, D, b, from, to, options, o1, o2)
  end

  -- (b[8]: the hull, kept alive by the call's buffers while the core
  -- reads it: move is a tail call, and the argument itself could be
  -- collected during a filter's call)
  function methods.move_convex(self, A, rot, from, to, options, o1, o2)
    local f = F_MOVE[5]
    local w, D = check_world(f, self)
    if not (istype(CX, A) and CONVEX_BODY[A]) then return typeerror(f, 2, "convex", A) end
    local b = take_move()
    local MOVER = b[2]
    -- (into the call's own struct: ffi.lua torot, no allocation)
    E.torot(f, 3, rot, MOVER.rot, E.rotfields(rot))   -- (before from is)
    MOVER.kind, MOVER.hull = CONVEX, CONVEX_HULL[A]
    b[8] = A
    return move(f, 1, self, w, D, b, from, to, options, o1, o2)
  end

  -- The world's sphere, aabb, capsule or convex id moves itself (the core
  -- reads its shape: MOVER is not used).
  function methods.move_shape(self, id, to, options, o1, o2)
    local f = F_MOVE[4]
    local w, D = check_unlocked(f, self)
    id = check_id(f, id)
    local b = take_move()
    if not istype(V, to) then to = tovec(f, 3, to, b[7]) end   -- (TO)
    -- move_shape changes the world, and an error must leave it as it was:
    -- its out-vectors are checked before the move, not when filled
    if type(o1) ~= "nil" and not istype(V, o1) then
      return typeerror(f, 5, "vec3 (out-vector)", o1)
    end
    if type(o2) ~= "nil" and not istype(V, o2) then
      return typeerror(f, 6, "vec3 (out-vector)", o2)
    end
    return move(f, -1, self, w, D, b, nil, to, options, o1, o2, id)
  end


  -- ---- sweep_pairs ---------------------------------------------------------

  -- lcollide_world.c l_sweep_pairs, check for check.
  local F_PAIRS = fn("sweep_pairs")
  -- The buffers of a call (an out table's __newindex may call sweep_pairs):
  -- radii, starts, ends and their capacity, the core's scratch and its
  -- size, the pairs and their capacity.
  local take_pairs, give_pairs = pool(function()
    return { nil, nil, nil, 0, nil, -1, nil, 0 }
  end)

  local function pairs_buffers(b, n)
    if n + 1 > b[4] then
      b[4] = n + 1
      b[1] = new("double[?]", b[4])
      b[2] = new("collide_vec3[?]", b[4])
      b[3] = new("collide_vec3[?]", b[4])
    end
    local bytes = tonumber(C.collide_sweep_pairs_scratch_size(n)) + 1
    if bytes > b[6] then
      b[6] = bytes
      b[5] = new("double[?]", math.ceil(bytes / 8))  -- aligned for a double
    end
  end

  local function pairs_out(b, cap)
    if cap > b[8] then
      b[8] = cap
      b[7] = new("collide_pair[?]", cap)
    end
  end

  if capi.sweep_pairs ~= nil then
    function E.M.sweep_pairs(radii, starts, ends, out)
      if type(starts) ~= "table" then return typeerror(F_PAIRS, 2, "table", starts) end
      if type(ends) ~= "table" then return typeerror(F_PAIRS, 3, "table", ends) end
      local rt = type(radii)
      if rt ~= "number" and rt ~= "table" then
        return typeerror(F_PAIRS, 1, "number or table", radii)
      end
      if type(out) ~= "nil" and type(out) ~= "table" then
        return typeerror(F_PAIRS, 4, "table", out)
      end
      local n = #starts
      if #ends ~= n then return argerror(F_PAIRS, 3, "starts and ends differ in length") end
      if rt == "table" and #radii ~= n then
        return argerror(F_PAIRS, 1, "radii and starts differ in length")
      end
      local b = take_pairs()
      pairs_buffers(b, n)
      local R, A, B = b[1], b[2], b[3]
      for i = 1, n do
        local r = radii
        if rt == "table" then
          r = rawget(radii, i)
          if type(r) ~= "number" then return argerror(F_PAIRS, 1, "array of numbers expected") end
        end
        R[i - 1] = r
        checkvec_at(F_PAIRS, 2, starts, i, A[i - 1])
        checkvec_at(F_PAIRS, 3, ends, i, B[i - 1])
      end
      local cap = 4 * n + 16
      pairs_out(b, cap)
      local count = C.collide_sweep_pairs(n, R, A, B, b[5], b[7], cap)
      if count < 0 then return coreerror(F_PAIRS, count, 1) end
      if count > cap then
        cap = count
        pairs_out(b, cap)
        count = C.collide_sweep_pairs(n, R, A, B, b[5], b[7], cap)
      end
      local PAIRS = b[7]
      local old = 0
      if type(out) == "nil" then out = {} else old = #out end
      local raw = getmetatable(out) ~= nil
      for k = 0, count - 1 do
        local pr = PAIRS[k]
        -- (raw, as the C API's lua_rawseti: an out table's __newindex is
        -- not Lua this function runs; rawset only where there is a
        -- metatable, as the plain store compiles better)
        if raw then
          rawset(out, 3 * k + 1, pr.i + 1)
          rawset(out, 3 * k + 2, pr.j + 1)
          rawset(out, 3 * k + 3, pr.u0)
        else
          out[3 * k + 1] = pr.i + 1
          out[3 * k + 2] = pr.j + 1
          out[3 * k + 3] = pr.u0
        end
      end
      for k = old, 3 * count + 1, -1 do rawset(out, k, nil) end
      give_pairs(b)
      return out, count
    end
  end
end
