--- collide.ffi_world: collide.world and collide.sweep_pairs for the FFI
-- backend, for now delegated to the C-API module (collide.core).
--
-- A world query searches many shapes in one call, so the C-API call cost
-- (about 0.25 us on LuaJIT) matters far less than for the single-shape
-- queries; a native FFI world is left for later. What this file does is
-- translate between the two backends' objects, without allocating in
-- steady state:
--  * FFI vectors become the C API's vec3s: one scratch C-API vec3 per
--    argument position, set in place; FFI planes and polygons become C-API
--    ones made once per object (weak caches), from the same constructor
--    arguments, so the core sees the very same doubles;
--  * results come back as FFI vec3s: the C API writes into scratch
--    out-vectors, copied into the caller's FFI out-vectors (or new vec3s);
--  * errors keep the C API's text; the position prefix is the caller's,
--    as for every other function of this backend.
-- Anything else (numbers, tables, filters, data, bad arguments) is passed
-- as it is, so the checks and messages are the C API's own.

return function(E)
  local capi, V, P, G, istype = E.capi, E.V, E.P, E.G, E.istype
  local where, plane_source, typename = E.where, E.plane_source, E.typename

  local cvec3, cplane, cpolygon = capi.vec3, capi.plane, capi.polygon
  local type, pcall, error, rawequal = type, pcall, error, rawequal

  -- ---- objects of the FFI backend -> objects of the C API ------------------

  local planes = setmetatable({}, { __mode = "k" })
  local polygons = setmetatable({}, { __mode = "k" })

  local function to_cplane(p)
    local c = planes[p]
    if c == nil then
      local src = plane_source[p]
      if src then
        c = capi[src[1]](src[2], src[3], src[4])
      else   -- a polygon's plane: already unit, normalized once more
        local n = p.normal
        c = cplane(cvec3(n.x, n.y, n.z), p.d)
      end
      planes[p] = c
    end
    return c
  end

  local function to_cpolygon(g)
    local c = polygons[g]
    if c == nil then
      local list = {}
      for i, v in ipairs(g:vertices()) do list[i] = { v.x, v.y, v.z } end
      c = cpolygon(list)
      polygons[g] = c
    end
    return c
  end

  -- Scratch C-API vectors, one per argument position.
  local scratch = {}
  for i = 1, 8 do scratch[i] = cvec3() end

  -- Argument i: an FFI object becomes the C API's, anything else stays.
  local function arg(i, x)
    if istype(V, x) then
      local s = scratch[i]
      s:set(x.x, x.y, x.z)
      return s
    end
    if istype(P, x) then return to_cplane(x) end
    if istype(G, x) then return to_cpolygon(x) end
    return x
  end

  -- Out-vector argument i: nil or an FFI vec3 -> a scratch C-API vec3
  -- (the result is copied back by result()); anything else is passed on
  -- for the C API to reject. (nil too becomes a scratch vector: the C API
  -- then does not allocate, and result() makes the new FFI vec3.)
  local outs = {}
  for i = 1, 8 do outs[i] = cvec3() end
  local function out_arg(i, x)
    if x == nil or istype(V, x) then return outs[i] end
    return x
  end

  -- A result: the scratch out-vector i -> the caller's out-vector o or a
  -- new FFI vec3; another C-API vec3 -> a new FFI vec3.
  local function result(x, i, o)
    if i ~= nil and rawequal(x, outs[i]) then
      if o == nil then return V(x:unpack()) end
      o.x, o.y, o.z = x:unpack()
      return o
    end
    if capi.is_vec3(x) then return V(x:unpack()) end
    return x
  end

  -- Filters run through `filtered`, which notes that a filter is running
  -- (in_filter), so that an error can be told apart: the filter's own goes
  -- on unchanged, one the C API raised gets the position of the code that
  -- called into the module (the C API called from pcall gives none).
  local current_filter, in_filter = nil, false
  local function filtered(id, data)
    in_filter = true
    local keep = current_filter(id, data)
    in_filter = false
    return keep
  end
  -- The filter to hand the C API, and the state to restore afterwards.
  local function use_filter(f)
    local saved_f, saved_in = current_filter, in_filter
    in_filter = false
    if type(f) == "function" then
      current_filter = f
      f = filtered
    end
    return f, saved_f, saved_in
  end

  local function fail(e, saved_f, saved_in)
    local from_filter = in_filter
    current_filter, in_filter = saved_f, saved_in
    if type(e) == "string" and not from_filter then e = where() .. e end
    error(e, 0)
  end

  -- ---- the world proxy -------------------------------------------------------

  -- The C-API world's methods, taken from one world made here.
  local probe = capi.world()
  local worlds = setmetatable({}, { __mode = "k" })   -- proxy -> C-API world
  local methods = {}
  local proto = newproxy and newproxy(true) or nil
  local meta = proto and getmetatable(proto) or {}
  meta.__index = methods
  meta.__name = "world"

  -- The C-API world behind self, else the C API's error, naming the type
  -- as this backend does ("... on bad self (world expected, got vec3)").
  local function unwrap(self, name)
    local w = worlds[self]
    if w == nil then
      error(where() .. "calling '" .. name .. "' on bad self (world expected, got " ..
            typename(self) .. ")", 0)
    end
    return w
  end

  function meta.__tostring(self)
    return tostring(worlds[self])
  end

  -- Methods that take vectors, planes or polygons and give back one id,
  -- boolean, count, datum or array: every argument converted.
  local function plain(name)
    local f = probe[name]
    return function(self, a, b, c, d)
      local ok, r = pcall(f, unwrap(self, name), arg(2, a), arg(3, b), arg(4, c),
                          arg(5, d))
      if not ok then fail(r, current_filter, false) end
      if rawequal(r, worlds[self]) then return self end   -- w:build()
      return r
    end
  end
  for _, name in ipairs({ "add_triangle", "add_aabb", "add_sphere",
                          "add_segment", "add_plane", "remove", "data",
                          "count", "build", "overlap_sphere" }) do
    methods[name] = plain(name)
  end

  -- add_polygon also takes an array of vectors.
  local add_polygon = probe.add_polygon
  function methods.add_polygon(self, p, data)
    if type(p) == "table" then
      local list = {}
      for i = 1, #p do
        local v = p[i]
        list[i] = istype(V, v) and { v.x, v.y, v.z } or v
      end
      p = list
    end
    local ok, r = pcall(add_polygon, unwrap(self, "add_polygon"), arg(2, p), data)
    if not ok then fail(r, current_filter, false) end
    return r
  end

  local sweep_sphere, raycast = probe.sweep_sphere, probe.raycast

  -- A bad normal out-vector is found after the point was written to the
  -- first one (lc_pushhit); the caller's first out-vector gets it too.
  local function out_failed(e, o1, arg_normal, saved_f, saved_in)
    if istype(V, o1) and type(e) == "string" and
       e:find("^bad argument #" .. arg_normal .. " to '[%w_]+' %(vec3 %(out%-vector%)") then
      o1.x, o1.y, o1.z = outs[1]:unpack()
    end
    fail(e, saved_f, saved_in)
  end

  function methods.sweep_sphere(self, r, c0, c1, filter, o1, o2)
    local w = unwrap(self, "sweep_sphere")
    local f, saved_f, saved_in = use_filter(filter)
    local ok, h, u, p, n, feature, id =
      pcall(sweep_sphere, w, r, arg(3, c0), arg(4, c1), f, out_arg(1, o1),
            out_arg(2, o2))
    if not ok then out_failed(h, o1, 6, saved_f, saved_in) end
    current_filter, in_filter = saved_f, saved_in
    if not h then return h end
    return h, u, result(p, 1, o1), result(n, 2, o2), feature, id
  end

  function methods.raycast(self, p0, p1, filter, o1, o2)
    local w = unwrap(self, "raycast")
    local f, saved_f, saved_in = use_filter(filter)
    local ok, h, u, p, n, feature, id =
      pcall(raycast, w, arg(2, p0), arg(3, p1), f, out_arg(1, o1), out_arg(2, o2))
    if not ok then out_failed(h, o1, 5, saved_f, saved_in) end
    current_filter, in_filter = saved_f, saved_in
    if not h then return h end
    return h, u, result(p, 1, o1), result(n, 2, o2), feature, id
  end

  -- move_sphere: options.up may be an FFI vector; the contacts' vectors
  -- come back as FFI vec3s.
  local move_sphere = probe.move_sphere
  local options_copy = {}
  function methods.move_sphere(self, r, from, to, options, o1)
    local w = unwrap(self, "move_sphere")
    local saved_f, saved_in = current_filter, in_filter
    if type(options) == "table" then
      for k in pairs(options_copy) do options_copy[k] = nil end
      for k, v in pairs(options) do options_copy[k] = v end
      options_copy.up = arg(6, options.up)
      options_copy.filter = use_filter(options.filter)
      options = options_copy
    end
    local ok, position, contacts, grounded =
      pcall(move_sphere, w, r, arg(3, from), arg(4, to), options, out_arg(1, o1))
    if not ok then fail(position, saved_f, saved_in) end
    current_filter, in_filter = saved_f, saved_in
    for i = 1, #contacts do
      local c = contacts[i]
      c.point = result(c.point)
      c.normal = result(c.normal)
    end
    return result(position, 1, o1), contacts, grounded
  end

  local M = {}

  function M.world()
    local proxy = proto and newproxy(proto) or setmetatable({}, meta)
    worlds[proxy] = capi.world()
    return proxy
  end

  -- sweep_pairs(radii, starts, ends [, out]): the arrays' FFI vectors
  -- become C-API vectors kept in scratch arrays.
  local starts_c, ends_c = {}, {}
  local function convert_array(src, dst)
    if type(src) ~= "table" then return src end
    local n = #src
    for i = 1, n do
      local v = src[i]
      if istype(V, v) then
        local s = dst[i]
        if not capi.is_vec3(s) then s = cvec3(); dst[i] = s end
        s:set(v.x, v.y, v.z)
      else
        dst[i] = v
      end
    end
    for i = #dst, n + 1, -1 do dst[i] = nil end
    return dst
  end

  function M.sweep_pairs(radii, starts, ends, out)
    local ok, r, count = pcall(capi.sweep_pairs, radii,
                               convert_array(starts, starts_c),
                               convert_array(ends, ends_c), out)
    if not ok then fail(r, current_filter, false) end
    return r, count
  end

  return M
end
