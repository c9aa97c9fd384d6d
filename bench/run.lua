--- bench/run.lua: ns per call of collide's queries on this VM, against the
-- same queries written in plain Lua (scalar and table-vector), the floor of
-- a C function that does nothing with the same arguments, and the core
-- called from a plain C loop. `make bench` runs it on Lua 5.4 and LuaJIT;
-- see bench/README.md for what each column means.
--
-- usage: lua bench/run.lua RAW_RESULTS [SECONDS_PER_SAMPLE]
-- with package.path / package.cpath finding collide (lua/, build/<abi>/)
-- and collide_bench_noop (build/<abi>/).
local raw_file = arg[1]
local SAMPLE = tonumber(arg[2]) or 0.06   -- seconds per timed sample
local ROUNDS = 7                          -- interleaved rounds; median

local collide = require "collide"
local cases = require "cases"
local scalar = require "scalar"
local tables = require "tables"

local clock, format = os.clock, string.format
-- The feature names stay interned while this chunk lives, so a
-- measurement does not count the one-time creation of "face".
local FEATURES = { "face", "edge", "vertex", "none" }  -- luacheck: ignore FEATURES
local unpack = table.unpack or unpack
local is_jit = type(jit) == "table"
local vm = is_jit and jit.version or _VERSION
local K = cases.COUNT

-- ---- the floors and the references -----------------------------------------

local noop_ok, noop_mod = pcall(require, "collide_bench_noop")
local noop = noop_ok and noop_mod.noop or nil

local ffi, noop_lib
if is_jit and collide.backend == "ffi" then
  ffi = require "ffi"
  local path = package.searchpath("collide_bench_noop", package.cpath)
  if path then
    ffi.cdef [[
      int collide_bench_noop_ss(double, const void *, const void *, double,
                                const void *, const void *, void *);
      int collide_bench_noop_r4(double, const void *, const void *,
                                const void *, void *);
      int collide_bench_noop_r5(double, const void *, const void *,
                                const void *, const void *, void *);
      int collide_bench_noop_r6(double, const void *, const void *,
                                const void *, const void *, const void *, void *);
      int collide_bench_noop_p5(const void *, const void *, const void *,
                                const void *, const void *, void *);
      int collide_bench_noop_p4(const void *, const void *, const void *,
                                const void *, void *);
      int collide_bench_noop_q4n(const void *, const void *, const void *,
                                 const void *, double, void *);
      int collide_bench_noop_q6(const void *, const void *, const void *,
                                const void *, const void *, const void *, void *);
    ]]
    noop_lib = ffi.load(path)
  end
end
-- The C-API module itself, for LuaJIT's second column.
local capi = require "collide.core"

-- raw.c's lines: the core from a C loop, the lean kernel beside it, and
-- any disagreement between the two.
local raw, lean, leanck, raw_problems, twin = {}, {}, {}, {}, {}
if raw_file then
  local f = io.open(raw_file)
  if f then
    for line in f:lines() do
      local name, ns, hits, sum = line:match("^raw (%S+) (%S+) (%S+) (%S+)")
      if name then
        raw[name] = { ns = tonumber(ns), hits = tonumber(hits), sum = tonumber(sum) }
      end
      name, ns = line:match("^lean (%S+) (%S+)")
      if name then lean[name] = tonumber(ns) end
      -- raycast_triangle's lean kernel with the core's input checks: a
      -- reference printed under the targets, not a target (bench/README.md)
      name, ns = line:match("^leanck (%S+) (%S+)")
      if name then leanck[name] = tonumber(ns) end
      -- moving box: the sphere twin of each box row (bench/README.md)
      name, ns = line:match("^twin (%S+) (%S+)")
      if name then twin[#twin + 1] = { name = name, ns = tonumber(ns) } end
      name, ns = line:match("^problem (%S+) (.*)")
      if name then
        raw_problems[name] = raw_problems[name] or {}
        table.insert(raw_problems[name], ns)
      end
    end
    f:close()
  end
end

-- RAW_BIN (the Makefile sets it to build/bench/raw): the raw C loop run
-- again beside every round of each row, so that raw-C, lean and the Lua
-- columns are timed within seconds of each other. RAW_RESULTS alone was
-- timed minutes before the Lua columns, and on a shared machine whose
-- speed drifts by a third in minutes the /raw-C column then compared two
-- different moments (bench/README.md, "Columns"). Each run of the binary
-- prints the median of its own 7 interleaved rounds of raw and lean; the
-- row takes the median over the rounds here. raw.txt still gives the
-- hits, the sum and the rows RAW_BIN does not time (twins, references).
local RAW_BIN = os.getenv("RAW_BIN")
local RAW_N = 200000          -- calls per raw and lean round in one run
local function raw_round(name, into)
  if not RAW_BIN or not raw[name] then return end
  local p = io.popen(RAW_BIN .. " " .. RAW_N .. " " .. name)
  if not p then return end
  for line in p:lines() do
    local kind, nm, ns = line:match("^(%a+) (%S+) (%S+)")
    if nm == name and into[kind] then
      local t = into[kind]
      t[#t + 1] = tonumber(ns)
    end
  end
  p:close()
end

-- ---- arguments in each form ------------------------------------------------

-- Argument lists per form for case list `cs`: collide / capi objects,
-- scalar numbers, table vectors.
local function forms(cs)
  local F = { collide = {}, capi = {}, scalar = {}, tables = {} }
  for j, c in ipairs(cs) do
    local function objects(mod)
      local a = {}
      for i, x in ipairs(c) do
        if type(x) == "number" then a[i] = x
        elseif x.polygon then
          local vs = {}
          for k, v in ipairs(x.polygon) do vs[k] = mod.vec3(v[1], v[2], v[3]) end
          a[i] = mod.polygon(vs)
        elseif type(x[1]) == "table" then a[i] = mod.plane(x[1], x[2])
        else a[i] = mod.vec3(x[1], x[2], x[3]) end
      end
      return a
    end
    F.collide[j] = objects(collide)
    F.capi[j] = objects(capi)
    local s, t = {}, {}
    for i, x in ipairs(c) do
      if type(x) == "number" then
        s[#s + 1] = x
        t[#t + 1] = x
      elseif x.polygon then   -- (no scalar or table form: not timed)
        t[#t + 1] = x
      elseif type(x[1]) == "table" then
        -- the plane as collide normalized it
        local p = F.collide[j][i]
        local n = p.normal
        s[#s + 1], s[#s + 2], s[#s + 3], s[#s + 4] = n.x, n.y, n.z, p.d
        t[#t + 1] = { normal = tables.vec.new(n.x, n.y, n.z), d = p.d }
      else
        s[#s + 1], s[#s + 2], s[#s + 3] = x[1], x[2], x[3]
        t[#t + 1] = tables.vec.new(x[1], x[2], x[3])
      end
    end
    F.scalar[j], F.tables[j] = s, t
  end
  return F
end

-- ---- timing loops ----------------------------------------------------------

-- A loop calling f over the K argument lists of A, n calls, using every
-- result (so a JIT cannot drop the work). Generated per (implementation,
-- query) so each is its own trace on LuaJIT. `result` says how the results
-- look: "hit" (ok, u, point, normal objects), "hit_scalar" (ok, u, 6
-- numbers), "interval" (ok, u0, u1), "none" (the no-op: ok only).
local function make_loop(nargs, nout, result)
  local params, loads = {}, {}
  for i = 1, nargs do
    params[i] = "a" .. i .. "[j]"
    loads[i] = format("local a%d = {} for j = 1, K do a%d[j] = A[j][%d] end", i, i, i)
  end
  for i = 1, nout do params[#params + 1] = "o" .. i end
  local call = "f(" .. table.concat(params, ", ") .. ")"
  local use
  if result == "hit" then
    -- collide writes point and normal into the out-vectors; reading them
    -- back is timed separately ("hit_read")
    use = "local ok, u = " .. call .. "\n" ..
          "      if ok then s = s + u end"
  elseif result == "hit_read" then
    use = "local ok, u, p, q = " .. call .. "\n" ..
          "      if ok then s = s + u + p.x + p.y + p.z + q.x + q.y + q.z end"
  elseif result == "hit_scalar" then
    use = "local ok, u, px, py, pz, qx, qy, qz = " .. call .. "\n" ..
          "      if ok then s = s + u + px + py + pz + qx + qy + qz end"
  elseif result == "interval" then
    use = "local ok, u0, u1 = " .. call .. "\n" ..
          "      if ok then s = s + u0 + u1 end"
  else
    use = "if " .. call .. " then s = s + 1 end"
  end
  local src = table.concat({
    "local K, A, f, o1, o2 = ...",
    table.concat(loads, "\n"),
    "return function(n)",
    "  local s, j = 0, 0",
    "  for _ = 1, n do",
    "    j = j + 1",
    "    if j > K then j = 1 end",
    "    " .. use,
    "  end",
    "  return s",
    "end" }, "\n")
  local chunk = assert((loadstring or load)(src, "=loop"))
  return function(A, f, o1, o2) return chunk(K, A, f, o1, o2) end
end

local function time(loop, n)
  local t0 = clock()
  loop(n)
  return clock() - t0
end

-- Calls per sample so that one sample takes about SAMPLE seconds.
local function calibrate(loop)
  local n = 1000
  while true do
    local t = time(loop, n)
    if t >= 0.02 then return math.max(1000, math.floor(n * SAMPLE / t)) end
    n = n * 4
  end
end

local function median(t)
  table.sort(t)
  return t[math.floor((#t + 1) / 2)]
end

-- KB allocated by n calls, garbage collector stopped; less what the same
-- measurement shows for 0 calls (the measuring itself allocates a few
-- bytes on Lua 5.4). The warm-up lets LuaJIT finish compiling first (its
-- traces live on the heap too); what is left of that noise is clamped at 0.
-- The least of three measurements: LuaJIT may still compile a trace, or
-- flush them all when its trace limits are reached late in a full run, in
-- the middle of one; a per-call allocation shows in every measurement.
local function kb(loop, n)
  local function measure(m)
    loop(20000)
    collectgarbage()
    collectgarbage()
    collectgarbage("stop")
    local k0 = collectgarbage("count")
    loop(m)
    local k1 = collectgarbage("count")
    collectgarbage("restart")
    return k1 - k0
  end
  local base = measure(0)
  return math.max(0, math.min(measure(n), measure(n), measure(n)) - base)
end

-- ---- correctness of the pure-Lua ports -------------------------------------

local function close(a, b, tol)
  return math.abs(a - b) <= tol * (1 + math.abs(a))
end

-- Checks scalar and tables against collide on every case; returns hits and
-- the sum of u (or u0 + u1) over the cases, and a list of problems.
local function check(name, F)
  local problems, hits, sum = {}, 0, 0
  for j = 1, K do
    local r = { collide[name](unpack(F.collide[j])) }
    -- (a query without a scalar port is checked only against the raw C
    -- loop's counts)
    -- (queries without plain-Lua ports are checked against raw C only)
    local s = scalar[name] and { scalar[name](unpack(F.scalar[j])) }
    local t = tables[name] and { tables[name](unpack(F.tables[j])) }
    if r[1] then
      hits = hits + 1
      sum = sum + r[2] + (type(r[3]) == "number" and r[3] or 0)   -- u1
    end
    local function differ(what, other, pt, nrm)
      if other[1] ~= r[1] then return what .. " hit " .. tostring(other[1]) end
      if not r[1] then return nil end
      if not close(r[2], other[2], 1e-9) then
        return format("%s u %.17g vs %.17g", what, other[2], r[2])
      end
      if name == "sweep_sphere_sphere" then
        if not close(r[3], other[3], 1e-9) then return what .. " u1" end
        return nil
      end
      local p = r[3]
      if not (close(p.x, pt[1], 1e-7) and close(p.y, pt[2], 1e-7) and
              close(p.z, pt[3], 1e-7)) then
        return format("%s point (%.9g, %.9g, %.9g) vs %s", what, pt[1], pt[2],
                      pt[3], tostring(p))
      end
      local q = r[4]
      if r[2] > 0 and not (close(q.x, nrm[1], 1e-6) and close(q.y, nrm[2], 1e-6)
                           and close(q.z, nrm[3], 1e-6)) then
        return format("%s normal (%.9g, %.9g, %.9g) vs %s", what, nrm[1],
                      nrm[2], nrm[3], tostring(q))
      end
    end
    local e = s and differ("scalar", s, { s[3], s[4], s[5] }, { s[6], s[7], s[8] })
    if e then problems[#problems + 1] = "case " .. j .. ": " .. e end
    if t then
      local tp = type(t[3]) == "table" and t[3] or {}
      local tn = type(t[4]) == "table" and t[4] or {}
      e = differ("tables", t, { tp.x, tp.y, tp.z }, { tn.x, tn.y, tn.z })
      if e then problems[#problems + 1] = "case " .. j .. ": " .. e end
    end
  end
  return hits, sum, problems
end

-- ---- one query -------------------------------------------------------------

-- Per query: arguments of the collide call, out-vectors taken, how the
-- results look, and the FFI no-op with the same C signature.
local QUERIES = {
  sweep_sphere_sphere = { nargs = 6, nout = 0, result = "interval", ffi_noop = "ss",
                          scalar_result = "interval" },
  sweep_sphere_plane = { nargs = 4, nout = 2, result = "hit", ffi_noop = "r4" },
  sweep_sphere_triangle = { nargs = 6, nout = 2, result = "hit", ffi_noop = "r6" },
  sweep_sphere_aabb = { nargs = 5, nout = 2, result = "hit", ffi_noop = "r5" },
  raycast_triangle = { nargs = 5, nout = 2, result = "hit", ffi_noop = "p5" },
  sweep_sphere_segment = { nargs = 5, nout = 2, result = "hit", ffi_noop = "r5" },
  raycast_aabb = { nargs = 4, nout = 2, result = "hit", ffi_noop = "p4" },
  -- ---- moving box (branch box) ----
  sweep_aabb_sphere = { nargs = 5, nout = 2, result = "hit", ffi_noop = "q4n" },
  sweep_aabb_plane = { nargs = 4, nout = 2, result = "hit", ffi_noop = "p4" },
  sweep_aabb_triangle = { nargs = 6, nout = 2, result = "hit", ffi_noop = "q6" },
  sweep_aabb_polygon = { nargs = 4, nout = 2, result = "hit", ffi_noop = "p4" },
  sweep_aabb_segment = { nargs = 5, nout = 2, result = "hit", ffi_noop = "p5" },
  -- ---- end moving box ----
  -- (further queries: new lines above this one)
}
-- ---- capsule sweeps (no plain-Lua ports, no no-op of their signatures) ----
QUERIES.sweep_capsule_sphere = { nargs = 6, nout = 2, result = "hit" }
QUERIES.sweep_capsule_plane = { nargs = 5, nout = 2, result = "hit" }
QUERIES.sweep_capsule_triangle = { nargs = 7, nout = 2, result = "hit" }
QUERIES.sweep_capsule_polygon = { nargs = 5, nout = 2, result = "hit" }
QUERIES.sweep_capsule_segment = { nargs = 6, nout = 2, result = "hit" }
QUERIES.sweep_capsule_aabb = { nargs = 6, nout = 2, result = "hit" }
QUERIES.sweep_capsule_capsule = { nargs = 8, nout = 1, result = "interval" }
-- ---- end of capsule sweeps ----

local function bench_query(name)
  local q = QUERIES[name]
  local cs = cases.cases(name)
  local F = forms(cs)
  local hits, sum, problems = check(name, F)
  local rawr = raw[name]
  if rawr and (rawr.hits ~= hits or not close(rawr.sum, sum, 1e-12)) then
    problems[#problems + 1] = format("raw C loop saw %d hits, sum %.17g; " ..
      "collide %d, %.17g: not the same cases", rawr.hits, rawr.sum, hits, sum)
  end
  for _, p in ipairs(raw_problems[name] or {}) do problems[#problems + 1] = p end
  local o1, o2 = collide.vec3(), collide.vec3()
  local co1, co2 = capi.vec3(), capi.vec3()
  local nscalar = #F.scalar[1]
  local impls = {}
  local function add(key, loop) impls[#impls + 1] = { key = key, loop = loop, t = {} } end
  add("collide", make_loop(q.nargs, q.nout, q.result)(F.collide, collide[name], o1, o2))
  if q.result == "hit" then
    add("read", make_loop(q.nargs, q.nout, "hit_read")(F.collide, collide[name], o1, o2))
  end
  if noop then
    add("noop", make_loop(q.nargs, q.nout, "none")(F.collide, noop, o1, o2))
  end
  if noop_lib and q.ffi_noop then
    -- the FFI no-op gets what collide's FFI wrapper hands the core: the
    -- cdata vectors, planes and polygons (each has the core's layout) and
    -- a result struct
    local A, res = {}, ffi.new("collide_hit")
    for j = 1, K do
      local a = {}
      for i, x in ipairs(F.collide[j]) do a[i] = x end
      a[q.nargs + 1] = res
      A[j] = a
    end
    local fn = noop_lib["collide_bench_noop_" .. q.ffi_noop]
    add("noop_ffi", make_loop(q.nargs + 1, 0, "none")(A, fn))
  end
  if is_jit and collide.backend == "ffi" then
    add("capi", make_loop(q.nargs, q.nout, q.result)(F.capi, capi[name], co1, co2))
  end
  if scalar[name] then
    add("scalar", make_loop(nscalar, 0, q.result == "hit" and "hit_scalar" or q.result)(
      F.scalar, scalar[name]))
  end
  if tables[name] then
    add("tables", make_loop(q.nargs, 0, q.result == "hit" and "hit_read" or q.result)(
      F.tables, tables[name]))
  end
  for _, im in ipairs(impls) do im.n = calibrate(im.loop) end
  local beside = { raw = {}, lean = {}, leanck = {} }
  for _ = 1, ROUNDS do
    for _, im in ipairs(impls) do
      im.t[#im.t + 1] = time(im.loop, im.n) / im.n * 1e9
    end
    raw_round(name, beside)
  end
  local ns = {}
  for _, im in ipairs(impls) do ns[im.key] = median(im.t) end
  local raw_ns, lean_ns = rawr and rawr.ns, lean[name]
  if #beside.raw > 0 then raw_ns = median(beside.raw) end
  if #beside.lean > 0 then lean_ns = median(beside.lean) end
  local leanck_ns = leanck[name]
  if #beside.leanck > 0 then leanck_ns = median(beside.leanck) end
  -- allocation, per 1e5 calls
  local alloc = {
    out = kb(impls[1].loop, 1e5),
    noout = q.nout > 0 and
      kb(make_loop(q.nargs, 0, q.result)(F.collide, collide[name]), 1e5) or nil,
    tables = tables[name] and kb(impls[#impls].loop, 1e5) or nil,
  }
  return { name = name, ns = ns, raw = raw_ns, lean = lean_ns, leanck = leanck_ns,
           alloc = alloc,
           hits = hits, problems = problems }
end

-- ---- report ----------------------------------------------------------------

-- BENCH_ONLY="name name ...": only these rows (while working on a kernel)
local only = os.getenv("BENCH_ONLY")
local results, skipped = {}, {}
for _, name in ipairs(cases.FUNCTIONS) do
  local wanted = not only or (" " .. only .. " "):find(" " .. name .. " ", 1, true)
  if wanted and collide[name] then
    results[#results + 1] = bench_query(name)
  elseif wanted then
    skipped[#skipped + 1] = name
  end
end

local function cell(x, fmt) return x and format(fmt or "%7.1f", x) or "      -" end
local function ratio(a, b) return (a and b) and format("%6.2fx", a / b) or "      -" end

print()
print(format("== %s, backend %s: ns per call (median of %d interleaved rounds, %d cases)",
             vm, collide.backend, ROUNDS, K))
local head = "query                  hits collide   +read  noop-C"
if is_jit then head = head .. " noopFFI capi-bk" end
head = head .. "  scalar  tables   raw-C    lean | /floor  tables/ scalar/  /raw-C" ..
  " raw/ln | KB/1e5: out  no-out tables"
print(head)
for _, r in ipairs(results) do
  local ns = r.ns
  local floor = is_jit and ns.noop_ffi or ns.noop
  local line = format("%-21s %2d/%d %s %s %s", r.name, r.hits, K, cell(ns.collide),
                      cell(ns.read), cell(ns.noop))
  if is_jit then line = line .. " " .. cell(ns.noop_ffi) .. " " .. cell(ns.capi) end
  line = line .. " " .. cell(ns.scalar) .. " " .. cell(ns.tables) .. " " .. cell(r.raw) ..
    " " .. cell(r.lean) ..
    " | " .. ratio(ns.collide, floor) .. " " .. ratio(ns.tables, ns.collide) .. " " ..
    ratio(ns.scalar, ns.collide) .. " " .. ratio(ns.collide, r.raw) .. " " ..
    ratio(r.raw, r.lean) .. " | " ..
    cell(r.alloc.out, "%11.2f") .. " " .. cell(r.alloc.noout, "%6.0f") .. " " ..
    cell(r.alloc.tables, "%6.0f")
  print(line)
end
for _, name in ipairs(skipped) do
  print(format("%-21s (not in this build of collide yet: skipped)", name))
end

-- The targets, per query.
print()
local all_ok = true
for _, r in ipairs(results) do
  local ns, verdicts = r.ns, {}
  local function target(label, ok)
    verdicts[#verdicts + 1] = label .. (ok and " ok" or " MISSED")
    if not ok then all_ok = false end
  end
  if r.raw and r.lean then target("raw C <= 1.5x lean", r.raw <= 1.5 * r.lean) end
  if is_jit then
    if ns.scalar then target("<= scalar", ns.collide <= ns.scalar) end
    if r.raw then target("<= 1.5x raw C", ns.collide <= 1.5 * r.raw) end
  else
    if ns.noop then target("<= 1.15x no-op", ns.collide <= 1.15 * ns.noop) end
    if ns.tables then target(">= 5x faster than tables", ns.tables >= 5 * ns.collide) end
    if ns.scalar then target("<= scalar", ns.collide <= ns.scalar) end
  end
  target("0 KB with out-vectors", r.alloc.out < 0.5)
  print(format("targets %-21s %s", r.name, table.concat(verdicts, ", ")))
  if r.raw and r.leanck then
    print(format("  (reference, not a target: raw C %.2fx the lean kernel with the " ..
                 "core's input checks, %.1f ns)", r.raw / r.leanck, r.leanck))
  end
  for _, p in ipairs(r.problems) do print("  PROBLEM " .. p) end
end
print(all_ok and "all targets met" or "some targets missed (see above)")

-- ---- moving box: each box row against its sphere twin (issue 10: within
-- 2x in raw C; bench/README.md, "Moving boxes") -----------------------------
if #twin > 0 and not is_jit then
  print()
  for _, t in ipairs(twin) do
    local b = raw[t.name]
    if b and t.ns then
      local verdict = b.ns <= 2 * t.ns and "<= 2x ok" or "<= 2x MISSED"
      local line = format("box/twin %-21s raw C %7.1f  twin %7.1f  %5.2fx  %s", t.name, b.ns,
                          t.ns, b.ns / t.ns, verdict)
      local ss = raw["sphere_sphere_ref_of_" .. t.name]
      if ss then
        line = line .. format("  (vs sphere-sphere %7.1f: %5.2fx)", ss.ns, b.ns / ss.ns)
      end
      print(line)
    end
  end
end
-- ---- end moving box ----------------------------------------------------------
