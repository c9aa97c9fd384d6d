-- readme_spec.lua -- the Lua examples of README.md and of the manual
-- (every docs/*.md) are a spec: every ```lua fenced block of each file
-- runs, and what its comments say it returns or prints is checked, on every
-- VM and backend the other specs run on. Each file is read on its own: a
-- block "continues" only a block of the same file. The relative links
-- between these files are checked too: each names a file that exists and,
-- after a #, a heading of it.
--
-- How a block runs. Each block is one chunk, run in a fresh environment
-- (globals it sets do not leak) after the two lines the README's "Ten
-- lines" example starts with:
--
--   local collide = require "collide"
--   local vec3 = collide.vec3
--
-- Errors name the file (README.md, docs/world.md, ...) and its own line
-- number.
--
-- Markers. An HTML comment on the line directly before the opening fence
-- (GitHub does not show it) says how the block runs:
--
--   <!-- readme-spec: skip (the reason) -->   not run: a fragment (it uses
--       names a game defines), or LÖVE-only. A skipped block is still
--       compiled, so its syntax is checked; each one is listed as pending
--       by busted with its line and reason, so skipping is never silent.
--       A reason that says "the same lines run in FILE" is checked: the
--       block's code lines (comment lines aside) must be a run of FILE's.
--   <!-- readme-spec: continues -->   runs after the run block before it,
--       in the same chunk, seeing its locals (as a reader following the
--       README in one REPL session would): a block using `tri` and `square`
--       of an earlier section.
--
-- Claims. Three kinds of comment are claims about the results, and are
-- checked; any other comment is prose:
--
--   1. `--> v1  v2 ...` on its own line, after an expression statement
--      (a call): the expression's results, all of them, in order. A
--      remark in parentheses may follow the values.
--
--        collide.raycast_sphere(vec3(-5, 0), vec3(5, 0), vec3(0, 0), 1)
--        --> true  0.4  vec3(-1, 0, 0)  vec3(-1, 0, 0)  face
--
--   2. `-- name = value, name ≈ value: remark; name = value`, on its own
--      line or after the code on a line: the variables' values at that
--      point. `≈` means to half a unit of the last digit shown
--      (`≈ 0.393`: within 5e-4; `≈ vec3(49, 1)`: each component within
--      0.5).
--
--        -- hit = true, u0 ≈ 0.393, u1 ≈ 0.607
--
--   3. Comment lines directly after a line that calls `print(`: what was
--      printed since the last such claim, one line per `print` call.
--
-- Values are written as Lua prints them: `true`, `false`, `nil`, numbers,
-- `vec3(x, y[, z])` (a `collide.vec3`; a missing z is 0) and bare words
-- for strings (`face`). A number given with `=` (or in forms 1 and 3)
-- must equal the result as "%.14g" prints it, which is how every Lua
-- prints numbers and vec3 components (`0.0` is the same as `0`, `-0` is
-- not). A comment that starts like a list of values (`-- true, 0.5`,
-- `-- 1, 2`) but is none of the three is an error: a claim the spec could
-- not check would be a claim nobody checks. Every claim must be reached
-- when the block runs (a claim inside an `if` that was not taken fails).

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, error, io, ipairs, math, pcall = assert, error, io, ipairs, math, pcall
local select, setmetatable, string, table = select, setmetatable, string, table
local tonumber, tostring, type = tonumber, tostring, type
local README_NAME = "README.md"
local DOCS_DIR = "docs"

-- README.md sits one directory above this file's directory (spec/).
-- So do the files a skip reason names.
local function repo_path(name)
  local src = debug.getinfo(1, "S").source
  local dir = src:match("^@(.*)[/\\]spec[/\\][^/\\]*$")
  if dir then return dir .. "/" .. name end
  return name -- run from the repository root, as the Makefile does
end

local function read_lines(path)
  local f = assert(io.open(path, "r"))
  local text = f:read("*a")
  f:close()
  local lines = {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    lines[#lines + 1] = (line:gsub("\r$", ""))
  end
  if lines[#lines] == "" then lines[#lines] = nil end
  return lines
end

local APPROX = "\226\137\136" -- "≈" in UTF-8

-- ---- values written in comments ---------------------------------------------

-- A number literal at position i of s: its text and next position.
local function number_at(s, i)
  for _, p in ipairs({ "^%-?%d+%.?%d*[eE][-+]?%d+", "^%-?%.%d+[eE][-+]?%d+",
      "^%-?%d+%.%d*", "^%-?%.%d+", "^%-?%d+" }) do
    local a, b = s:find(p, i)
    if a and tonumber(s:sub(a, b)) then return s:sub(a, b), b + 1 end
  end
end

-- The number a literal means; "-0" (and "-0.0") is the negative zero,
-- which Lua 5.3's tonumber turns into the integer 0.
local function literal_value(text)
  local v = tonumber(text) + 0.0
  if v == 0 and text:sub(1, 1) == "-" then
    local zero = 0.0
    v = -zero
  end
  return v
end

-- Half a unit of the literal's last digit: "0.393" -> 5e-4, "49" -> 0.5.
local function half_ulp_of(text)
  local mant, exp = text:match("^%-?([%d.]+)[eE]([-+]?%d+)$")
  mant = mant or text:match("^%-?([%d.]+)$")
  local decimals = #(mant:match("%.(%d*)$") or "")
  return 0.5 * 10 ^ ((tonumber(exp) or 0) - decimals)
end

-- One value at position i of s (after spaces): a table
-- { kind = "number"|"vec3"|"boolean"|"nil"|"string", text = ..., ... }
-- and the next position, or nil when there is no value there.
local function value_at(s, i)
  i = s:find("%S", i) or #s + 1
  local vs, ve = s:find("^vec3%(", i)
  if vs then
    local comps, texts, j = {}, {}, ve + 1
    while true do
      j = s:find("%S", j) or #s + 1
      local t, nj = number_at(s, j)
      if not t then return nil end
      texts[#texts + 1], comps[#comps + 1], j = t, literal_value(t), nj
      j = s:find("%S", j) or #s + 1
      local c = s:sub(j, j)
      if c == ")" then break end
      if c ~= "," then return nil end
      j = j + 1
    end
    if #comps < 2 or #comps > 3 then return nil end
    if #comps == 2 then comps[3], texts[3] = 0.0, "0" end
    return { kind = "vec3", text = s:sub(i, j), comps = comps, texts = texts }, j + 1
  end
  local t, nj = number_at(s, i)
  if t and not s:sub(nj, nj):match("[%w_]") then
    return { kind = "number", text = t, value = literal_value(t) }, nj
  end
  local q = s:match('^"([^"]*)"', i)
  if q then return { kind = "string", text = '"' .. q .. '"', value = q }, i + #q + 2 end
  local w = s:match("^[%a_][%w_]*", i)
  if w then
    local nw = i + #w
    if w == "true" or w == "false" then
      return { kind = "boolean", text = w, value = (w == "true") }, nw
    elseif w == "nil" then
      return { kind = "nil", text = w }, nw
    end
    return { kind = "string", text = w, value = w }, nw
  end
end

-- A whitespace-separated list of values (forms 1 and 3), optionally
-- followed by a remark in parentheses. Returns the list, or nil and why.
local function parse_value_list(s)
  local list, i = {}, 1
  while true do
    i = s:find("%S", i)
    if not i then break end
    if s:sub(i, i) == "(" and #list > 0 then break end -- a remark
    local v, ni = value_at(s, i)
    if not v then return nil, ("cannot read a value at %q"):format(s:sub(i)) end
    list[#list + 1], i = v, ni
  end
  if #list == 0 then return nil, "no values" end
  return list
end

-- `name = value, name ≈ value: remark; ...` (form 2). Returns a list of
-- { name =, approx =, value = }, or nil and why.
local function parse_assignments(s)
  local items, i = {}, 1
  while true do
    i = s:find("%S", i)
    if not i then break end
    local name = s:match("^[%a_][%w_]*", i)
    if not name then return nil, ("expected a name at %q"):format(s:sub(i)) end
    i = s:find("%S", i + #name) or #s + 1
    local approx
    if s:sub(i, i) == "=" then
      approx, i = false, i + 1
    elseif s:sub(i, i + #APPROX - 1) == APPROX then
      approx, i = true, i + #APPROX
    else
      return nil, ("expected = or %s after %s"):format(APPROX, name)
    end
    local v, ni = value_at(s, i)
    if not v then return nil, ("cannot read the value of %s"):format(name) end
    if approx and v.kind ~= "number" and v.kind ~= "vec3" then
      return nil, ("%s: %s needs a number or a vec3"):format(name, APPROX)
    end
    items[#items + 1] = { name = name, approx = approx, value = v }
    i = s:find("%S", ni) or #s + 1
    local c = s:sub(i, i)
    if c == ":" then -- a remark, up to the next ";"
      local semi = s:find(";", i, true)
      if not semi then break end
      i = semi + 1
    elseif c == "," or c == ";" then
      i = i + 1
    elseif c ~= "" then
      return nil, ("unexpected %q after the value of %s"):format(s:sub(i), name)
    end
  end
  if #items == 0 then return nil, "no assignments" end
  return items
end

-- Does a comment's text start like a claim of form 2 (`name =`, `name ≈`)?
local function looks_like_assignment(text)
  local rest = text:match("^[%a_][%w_]*%s*(.*)$")
  return rest ~= nil and (rest:sub(1, 1) == "=" and rest:sub(2, 2) ~= "="
    or rest:sub(1, #APPROX) == APPROX)
end

-- Does a comment's text start like a list of values (`true, ...`, `1 ...`,
-- `vec3(`)? Such a comment must be a claim the spec checks.
local function looks_like_values(text)
  return text:match("^true%f[^%w_]") or text:match("^false%f[^%w_]")
    or text:match("^nil%f[^%w_]") or text:match("^vec3%(")
    or text:match("^%-?%d[%d.]*[%s,;]") or text:match("^%-?%d[%d.]*$")
end

-- ---- comparing ----------------------------------------------------------------

local function fmt(x) return ("%.14g"):format(x) end

-- |a - b| <= tol, false for a NaN.
local function within(a, b, tol) return math.abs(a - b) <= tol end

local function show(x)
  if type(x) == "string" then return ("%q"):format(x) end
  return tostring(x)
end

-- Does actual match the written value v? Returns true, or false and why.
local function matches(collide, actual, v, approx)
  if v.kind == "vec3" then
    if not collide.is_vec3(actual) then return false, "not a vec3: " .. show(actual) end
    local got = { actual.x, actual.y, actual.z }
    for c = 1, 3 do
      if approx then
        if not within(got[c], v.comps[c], half_ulp_of(v.texts[c])) then
          return false, show(actual)
        end
      elseif fmt(got[c]) ~= fmt(v.comps[c]) then
        return false, show(actual)
      end
    end
    return true
  elseif v.kind == "number" then
    if type(actual) ~= "number" then return false, show(actual) end
    if approx then
      if not within(actual, v.value, half_ulp_of(v.text)) then
        return false, fmt(actual)
      end
    elseif fmt(actual) ~= fmt(v.value) then
      return false, fmt(actual)
    end
    return true
  elseif v.kind == "nil" then
    if actual ~= nil then return false, show(actual) end
    return true
  end
  if actual ~= v.value then return false, show(actual) end
  return true
end

local function show_list(n, values)
  local t = {}
  for i = 1, n do t[i] = show(values[i]) end
  return table.concat(t, "  ")
end

-- ---- the README's blocks --------------------------------------------------------

-- Every ```lua block: { first = line of its first code line, last =,
-- lines = { [readme line] = code }, marker = nil|{ verb =, reason = },
-- section = the heading it is under }. Raises on a marker not followed by
-- a lua fence, or one it does not know.
local function find_blocks(lines, name)
  name = name or README_NAME
  local blocks, section, i = {}, "top", 1
  while i <= #lines do
    local line = lines[i]
    local heading = line:match("^#+%s+(.-)%s*$")
    if heading then section = heading end
    local m = line:match("^%s*<!%-%-%s*readme%-spec:%s*(.-)%s*%-%->%s*$")
    if m then
      if not (lines[i + 1] or ""):match("^%s*```lua%s*$") then
        error(("%s:%d: readme-spec marker not directly before a ```lua fence")
          :format(name, i), 0)
      end
      local verb, reason = m:match("^(%a+)%s*(.*)$")
      reason = reason and reason:match("^%((.+)%)$")
      if not ((verb == "skip" and reason) or (verb == "continues" and m == "continues")) then
        error(("%s:%d: unknown readme-spec marker %q (skip (reason) or continues)")
          :format(name, i, m), 0)
      end
    end
    local indent = line:match("^(%s*)```lua%s*$")
    if indent then
      local prev = lines[i - 1] or ""
      local pm = prev:match("^%s*<!%-%-%s*readme%-spec:%s*(.-)%s*%-%->%s*$")
      local block = { first = i + 1, lines = {}, section = section, fence = i, file = name }
      if pm then
        local verb = pm:match("^(%a+)")
        block.marker = { verb = verb, reason = pm:match("%((.+)%)$") }
      end
      i = i + 1
      while lines[i] and not lines[i]:match("^%s*```%s*$") do
        local l = lines[i]
        if l:sub(1, #indent) == indent then l = l:sub(#indent + 1) end
        block.lines[i] = l
        i = i + 1
      end
      if not lines[i] then
        error(("%s:%d: ```lua block never closed"):format(name, block.fence), 0)
      end
      block.last = i - 1
      blocks[#blocks + 1] = block
    end
    i = i + 1
  end
  return blocks
end

-- Splits a line of code into its code and its comment text (after "--"),
-- outside quoted strings.
local function split_comment(line)
  local i, quote = 1, nil
  while i <= #line do
    local c = line:sub(i, i)
    if quote then
      if c == "\\" then i = i + 1 elseif c == quote then quote = nil end
    elseif c == '"' or c == "'" then
      quote = c
    elseif line:sub(i, i + 1) == "--" then
      return line:sub(1, i - 1), line:sub(i + 2)
    end
    i = i + 1
  end
  return line, nil
end

local load_env = function(src, name, env)
  if setfenv then -- Lua 5.1, LuaJIT
    local f, err = loadstring(src, name) -- luacheck: ignore 143
    if f then setfenv(f, env) end
    return f, err
  end
  return load(src, name, "t", env)
end

local function compiles(src)
  return (loadstring or load)(src, "=check") ~= nil -- luacheck: ignore 143
end

-- Turns a group of blocks (one chunk) into Lua source whose line n is the
-- README's line n, with a call to __readme.<check> at every claim; returns
-- the source and the list of claims { line =, kind =, ... }.
local function instrument(group)
  local out, claims = {}, {}
  local file = group[1].file or README_NAME
  local function fail(line, msg) error(("%s:%d: %s"):format(file, line, msg), 0) end
  local function add(claim)
    claims[#claims + 1] = claim
    return #claims
  end
  local last_line = 1
  for _, block in ipairs(group) do
    local printed_since = false -- the line before was code calling print(
    local expr_start = block.first -- where the statements after a claim start
    local n = block.first
    while n <= block.last do
      local line = block.lines[n]
      local code, comment = split_comment(line)
      local comment_only = code:match("^%s*$") ~= nil and comment ~= nil
      local text = comment and comment:match("^%s*(.-)%s*$")
      out[n] = line
      if comment_only and comment:sub(1, 1) == ">" then
        -- form 1: the results of the expression ending on the line before
        local values, why = parse_value_list(comment:sub(2))
        if not values then fail(n, "--> " .. why) end
        local j = n - 1
        while j >= expr_start do
          local parts = {}
          for k = j, n - 1 do parts[#parts + 1] = block.lines[k] end
          if compiles("return " .. table.concat(parts, "\n")) then break end
          j = j - 1
        end
        if j < expr_start then fail(n, "--> does not follow an expression") end
        local k = add({ line = n, kind = "results", values = values })
        out[j] = ("__readme.results(%d, "):format(k) .. out[j]
        out[n] = ") " .. line
        expr_start, printed_since = n + 1, false
      elseif comment_only and printed_since then
        -- form 3: what the print calls printed, a line each
        local expected, m = {}, n
        while m <= block.last do
          local c2, t2 = split_comment(block.lines[m])
          if not (c2:match("^%s*$") and t2) then break end
          local values, why = parse_value_list(t2)
          if not values then fail(m, "printed line: " .. why) end
          expected[#expected + 1] = { line = m, values = values }
          out[m] = block.lines[m]
          m = m + 1
        end
        local k = add({ line = n, kind = "printed", lines = expected })
        out[n] = ("__readme.printed(%d) "):format(k) .. line
        n, expr_start, printed_since = m - 1, m, false
      elseif text and looks_like_assignment(text) then
        -- form 2: variables' values
        local items, why = parse_assignments(text)
        if not items then fail(n, "claim: " .. why) end
        local names = {}
        for idx, item in ipairs(items) do names[idx] = item.name end
        local k = add({ line = n, kind = "vars", items = items })
        local call = ("__readme.vars(%d, %s)"):format(k, table.concat(names, ", "))
        if comment_only then
          out[n] = call .. " " .. line
        else
          out[n] = code .. " " .. call .. " --" .. comment
        end
        if comment_only then expr_start = n + 1 end
        printed_since = false
      elseif text and looks_like_values(text) then
        fail(n, ("comment %q reads like results but is no claim the spec can check: "
          .. "write --> on its own line after an expression, name = value, or "
          .. "put printed lines right after the print"):format(text))
      else
        printed_since = (not comment_only) and code:find("print%(") ~= nil
      end
      n = n + 1
    end
    last_line = block.last
  end
  local src = {}
  for n = 1, last_line do src[n] = out[n] or "" end
  src[1] = "local collide = require 'collide'; local vec3 = collide.vec3 " .. src[1]
  return table.concat(src, "\n"), claims
end

-- Runs a group; returns the list of failures (strings) and the claims.
local function run_group(group)
  local src, claims = instrument(group)
  local file = group[1].file or README_NAME
  local failures, reached, printed = {}, {}, {}
  local collide = require "collide"
  local function problem(claim, msg)
    failures[#failures + 1] = ("%s:%d: %s"):format(file, claim.line, msg)
  end
  local hooks = {}
  function hooks.results(k, ...)
    local claim, n = claims[k], select("#", ...)
    reached[k] = true
    local got = { ... }
    if n ~= #claim.values then
      problem(claim, ("%d results claimed, %d returned: %s")
        :format(#claim.values, n, show_list(n, got)))
      return
    end
    for i, v in ipairs(claim.values) do
      local ok, actual = matches(collide, got[i], v, false)
      if not ok then
        problem(claim, ("result %d: claimed %s, got %s"):format(i, v.text, actual))
      end
    end
  end
  function hooks.vars(k, ...)
    local claim = claims[k]
    reached[k] = true
    local got = { ... }
    for i, item in ipairs(claim.items) do
      local ok, actual = matches(collide, got[i], item.value, item.approx)
      if not ok then
        problem(claim, ("%s: claimed %s %s, got %s"):format(item.name,
          item.approx and APPROX or "=", item.value.text, actual))
      end
    end
  end
  function hooks.printed(k)
    local claim = claims[k]
    reached[k] = true
    local calls = printed
    printed = {}
    if #calls ~= #claim.lines then
      problem(claim, ("%d printed lines claimed, %d printed"):format(#claim.lines, #calls))
      return
    end
    for i, expect in ipairs(claim.lines) do
      local call = calls[i]
      if call.n ~= #expect.values then
        problem(claim, ("printed line %d: %d values claimed, printed %s")
          :format(i, #expect.values, show_list(call.n, call)))
      else
        for j, v in ipairs(expect.values) do
          local ok, actual = matches(collide, call[j], v, false)
          if not ok then
            problem({ line = expect.line }, ("printed value %d: claimed %s, got %s")
              :format(j, v.text, actual))
          end
        end
      end
    end
  end
  local env = setmetatable({
    __readme = hooks,
    print = function(...) printed[#printed + 1] = { n = select("#", ...), ... } end,
  }, { __index = _G })
  local f, err = load_env(src, "@" .. file, env)
  if not f then
    failures[#failures + 1] = "does not compile: " .. tostring(err)
    return failures, claims
  end
  local ok, run_err = pcall(f)
  if not ok then failures[#failures + 1] = "error: " .. tostring(run_err) end
  for k, claim in ipairs(claims) do
    if ok and not reached[k] then problem(claim, "claim never reached when the block ran") end
  end
  return failures, claims
end

-- ---- the specs -------------------------------------------------------------------

-- The files whose examples run: README.md, then docs/*.md in name order.
-- busted needs LuaFileSystem, so lfs is there; `ls` is the fallback.
local function doc_files()
  local names = {}
  local dir = repo_path(DOCS_DIR)
  local has_lfs, lfs = pcall(require, "lfs")
  if has_lfs then
    if lfs.attributes(dir, "mode") == "directory" then
      for entry in lfs.dir(dir) do
        if entry:match("%.md$") then names[#names + 1] = entry end
      end
    end
  else
    local p = io.popen('ls "' .. dir .. '" 2>/dev/null')
    for entry in p:lines() do
      if entry:match("%.md$") then names[#names + 1] = entry end
    end
    p:close()
  end
  table.sort(names)
  local files = { README_NAME }
  for _, entry in ipairs(names) do files[#files + 1] = DOCS_DIR .. "/" .. entry end
  return files
end

-- ---- links between the files -----------------------------------------------------

-- GitHub's anchor of a heading: lower case, punctuation other than - and _
-- dropped, spaces to -. Bytes above 127 (UTF-8 letters) are kept as they are.
local function anchor_of(heading)
  local s = heading:gsub("%u", string.lower)
  s = s:gsub("[^%w%s_%-\128-\255]", "")
  return (s:gsub(" ", "-"))
end

-- The anchors of a file's headings (outside fences), as a set.
local function anchors_of(lines)
  local set, fenced = {}, false
  for _, line in ipairs(lines) do
    if line:match("^%s*```") then fenced = not fenced end
    local heading = not fenced and line:match("^#+%s+(.-)%s*$")
    if heading then set[anchor_of(heading)] = true end
  end
  return set
end

-- Every relative link [text](target) outside fences and code spans:
-- { line =, target = }.
local function links_of(lines)
  local list, fenced = {}, false
  for n, line in ipairs(lines) do
    if line:match("^%s*```") then fenced = not fenced end
    if not fenced then
      local text = line:gsub("`[^`]*`", "")
      for target in text:gmatch("%]%(([^)%s]+)%)") do
        if not target:match("^%a[%w+.-]*:") then list[#list + 1] = { line = n, target = target } end
      end
    end
  end
  return list
end

-- The problems of a file's links (file: its path from the root).
local function link_problems(file)
  local problems = {}
  local dir = file:match("^(.*)/[^/]*$")
  for _, link in ipairs(links_of(read_lines(repo_path(file)))) do
    local path, anchor = link.target:match("^([^#]*)#?(.*)$")
    local target = file
    if path ~= "" then
      target = dir and (dir .. "/" .. path) or path
      while target:match("[^/]+/%.%./") do target = target:gsub("[^/]+/%.%./", "", 1) end
    end
    local f = io.open(repo_path(target), "r")
    if not f then
      problems[#problems + 1] = ("%s:%d: link to %s: no such file")
        :format(file, link.line, link.target)
    else
      f:close()
      if anchor ~= "" and target:match("%.md$")
          and not anchors_of(read_lines(repo_path(target)))[anchor] then
        problems[#problems + 1] = ("%s:%d: link to %s: %s has no heading #%s")
          :format(file, link.line, link.target, target, anchor)
      end
    end
  end
  return problems
end

-- ---- the specs -------------------------------------------------------------------

local function describe_file(name)
describe(name .. "'s ```lua examples", function()
  local ok, blocks = pcall(function() return find_blocks(read_lines(repo_path(name)), name) end)
  if not ok then
    it("can be read", function() error(blocks, 0) end)
    return
  end

  -- Groups: a run block and the blocks that continue it; skipped blocks.
  local groups, skipped, group_of = {}, {}, {}
  local inventory_problems = {}
  for _, block in ipairs(blocks) do
    local verb = block.marker and block.marker.verb
    if verb == "skip" then
      skipped[#skipped + 1] = block
    elseif verb == "continues" then
      local prev = groups[#groups]
      if not prev or group_of[prev] == nil then
        inventory_problems[#inventory_problems + 1] =
          ("%s:%d: continues, but no block runs before it"):format(name, block.fence)
      else
        prev[#prev + 1] = block
      end
    else
      local g = { block }
      groups[#groups + 1] = g
      group_of[g] = true
    end
  end

  local function where(block)
    return ("%s:%d (%s)"):format(name, block.fence, block.section)
  end

  for _, group in ipairs(groups) do
    local names = {}
    for i, block in ipairs(group) do
      names[i] = i == 1 and where(block) or ("+%d"):format(block.fence)
    end
    local ok_i, err_i, claims = pcall(instrument, group)
    local n_claims = ok_i and #claims or 0
    it(("%s runs; its claims hold (%d)"):format(table.concat(names, " "), n_claims),
      function()
        if not ok_i then error(err_i, 0) end
        local failures = run_group(group)
        assert(#failures == 0, "\n" .. table.concat(failures, "\n"))
      end)
  end

  for _, block in ipairs(skipped) do
    pending(("%s skipped: %s (compiled, not run)"):format(where(block), block.marker.reason))
  end

  -- The code lines of a text, without comment lines, blank lines and
  -- trailing spaces.
  local function code_lines(list, first, last)
    local out = {}
    for n = first, last do
      local l = (list[n] or ""):gsub("%s+$", "")
      if not (l:match("^%s*$") or l:match("^%s*%-%-")) then out[#out + 1] = l end
    end
    return out
  end

  for _, block in ipairs(skipped) do
    local file = block.marker.reason:match("the same lines run in (%S+)")
    if file then
      it(("%s is what %s runs"):format(where(block), file), function()
        local mine = code_lines(block.lines, block.first, block.last)
        local theirs = read_lines(repo_path(file))
        theirs = code_lines(theirs, 1, #theirs)
        local found = false
        for start = 1, #theirs - #mine + 1 do
          local all = true
          for k = 1, #mine do
            if theirs[start + k - 1] ~= mine[k] then all = false break end
          end
          if all then found = true break end
        end
        assert(#mine > 0 and found, ("%s: its %d code lines are not a run of %s's")
          :format(where(block), #mine, file))
      end)
    end
  end

  it(("has %d lua blocks: %d run in %d chunks, %d skipped"):format(#blocks,
    #blocks - #skipped, #groups, #skipped), function()
    assert(#inventory_problems == 0, table.concat(inventory_problems, "\n"))
    -- README.md must show runnable code; a page of the manual may have none.
    assert(#groups > 0 or name ~= README_NAME, "no runnable ```lua block in " .. name)
    -- The skipped blocks must still be Lua.
    for _, block in ipairs(skipped) do
      local src = {}
      for n = block.first, block.last do src[#src + 1] = block.lines[n] end
      local f, err = (loadstring or load)(table.concat(src, "\n"), -- luacheck: ignore 143
        "=" .. name .. ":" .. block.first)
      assert(f, ("%s: does not compile: %s"):format(where(block), tostring(err)))
    end
  end)


  it("has links that lead somewhere", function()
    local problems = link_problems(name)
    assert(#problems == 0, "\n" .. table.concat(problems, "\n"))
  end)
end)
end

for _, name in ipairs(doc_files()) do describe_file(name) end

describe("the README and manual spec", function()
  it("covers README.md and every docs/*.md", function()
    local files = doc_files()
    assert.are.equal(README_NAME, files[1])
    assert(#files > 1, "no docs/*.md found")
  end)

  it("makes GitHub's heading anchors", function()
    assert.are.equal("movers-move_sphere-move_aabb-move_capsule",
      anchor_of("Movers: `move_sphere`, `move_aabb`, `move_capsule`"))
    assert.are.equal("ray-segment-casts", anchor_of("Ray (segment) casts"))
    assert.are.equal("shipping-make-dist", anchor_of("Shipping: `make dist`"))
  end)

  describe("reads its claims", function()
    it("as values Lua prints", function()
      local list = assert(parse_value_list(
        "true  0.0  -0  vec3(1, -0.5)  face  nil  (a remark: ignored)"))
      assert.are.equal(6, #list)
      assert.are.same({ "boolean", "number", "number", "vec3", "string", "nil" },
        { list[1].kind, list[2].kind, list[3].kind, list[4].kind, list[5].kind, list[6].kind })
      assert.are.equal("-0", fmt(list[3].value))
      assert.are.equal(0, list[4].comps[3])
    end)

    it("with = exact to the printed digits, and ≈ to half the last digit", function()
      local collide = require "collide"
      local v = value_at("0.393", 1)
      assert.is_true(matches(collide, 0.39281, v, true))
      assert.is_false(matches(collide, 0.3936, v, true))
      assert.is_false(matches(collide, 0.39281, v, false))
      assert.is_true(matches(collide, 1 / 3, value_at("0.33333333333333", 1), false))
      assert.is_false(matches(collide, 0.0, value_at("-0", 1), false))
      assert.is_false(matches(collide, 0 / 0, v, true))
      assert.is_false(matches(collide, collide.vec3(0 / 0, 1), value_at("vec3(49, 1)", 1), true))
      assert.is_true(matches(collide, collide.vec3(48.9, 1.2),
        value_at("vec3(49, 1)", 1), true))
      assert.is_false(matches(collide, collide.vec3(48.4, 1),
        value_at("vec3(49, 1)", 1), true))
      assert.is_false(matches(collide, "edge", value_at("face", 1), false))
    end)

    it("as name = value lists with remarks", function()
      local items = assert(parse_assignments(
        "pos " .. APPROX .. " vec3(49, 1): a remark, with a comma; grounded = true"))
      assert.are.equal(2, #items)
      assert.are.equal("pos", items[1].name)
      assert.is_true(items[1].approx)
      assert.are.equal("grounded", items[2].name)
      assert.is_false(items[2].approx)
      assert.is_nil(parse_assignments("u = 0 when the shapes touch"))
    end)

    it("and refuses a result claim it cannot check", function()
      local group = { { first = 2, last = 3, fence = 1, section = "test",
        lines = { [2] = "local a, b = 1, 2", [3] = "-- 1, 2" } } }
      local ok_i, err = pcall(instrument, group)
      assert.is_false(ok_i)
      assert.matches("reads like results", err)
    end)

    it("and fails a claim the code does not give, or never reaches", function()
      local function lines_of(t)
        local l = {}
        for i, s in ipairs(t) do l[i + 1] = s end
        return { { first = 2, last = #t + 1, fence = 1, section = "test", lines = l } }
      end
      assert.are.equal(0, #run_group(lines_of({ "math.max(1, 2)", "--> 2" })))
      assert.are.equal(1, #run_group(lines_of({ "math.max(1, 2)", "--> 1" })))
      assert.are.equal(1, #run_group(lines_of({ "math.max(1, 2)", "--> 2  3" })))
      assert.are.equal(1, #run_group(lines_of({ "if false then", "  local x = 1",
        "  -- x = 1", "end" })))
      assert.are.equal(0, #run_group(lines_of({ "for i = 1, 2 do print(i, 'a') end",
        "-- 1 a", "-- 2 a" })))
      assert.are.equal(1, #run_group(lines_of({ "print(1)", "-- 2" })))
    end)
  end)
end)
