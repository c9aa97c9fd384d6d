--- collide.help([name]): the signature, meaning and results of a function
-- or method at the prompt (issue 31). The text is lua/collide/help_data.lua,
-- generated from the LuaLS annotations (types/*.lua) by tools/gen-help.lua,
-- so the prompt and the editor read one source; spec/help_spec.lua checks
-- that the data is up to date and covers every public name.

local DATA = require "collide.help_data"

-- The groups in the order a bare name is looked up, with what a signature
-- calls their object.
local GROUPS = {
  { "collide", "collide.<name>(...)" },
  { "world", "w:<name>(...), w = collide.world()" },
  { "vec3", "v:<name>(...), v = collide.vec3(x, y, z)" },
  { "plane", "plane:<name>(...), plane = collide.plane(normal, d)" },
  { "polygon", "polygon:<name>(...), polygon = collide.polygon(vertices)" },
  { "convex", "convex:<name>(...), convex = collide.convex(points)" },
  { "debug", "debug.<name>(...), debug = require \"collide.debug\" (LÖVE drawing, bug reports)" },
}
-- What a user may write before the name.
local PREFIX = {
  collide = "collide", w = "world", world = "world", World = "world",
  v = "vec3", vec3 = "vec3", Vec3 = "vec3", plane = "plane", polygon = "polygon",
  convex = "convex",
  debug = "debug", draw = "debug",
}

local function names_of(group)
  local names = {}
  for _, e in pairs(DATA) do
    -- a leading underscore marks an internal method (w:_next_id, which
    -- w:save and collide.load use): help(name) tells of it, the list does not
    if e.group == group and e.name:sub(1, 1) ~= "_" then names[#names + 1] = e.name end
  end
  table.sort(names)
  return names
end

local function list()
  local out = { "collide.help(name) tells more of one, e.g. collide.help(\"move_aabb\")." }
  for _, g in ipairs(GROUPS) do
    out[#out + 1] = ""
    out[#out + 1] = g[2]
    local line, lines = " ", {}
    for _, n in ipairs(names_of(g[1])) do
      if #line + #n + 1 > 78 then
        lines[#lines + 1] = line
        line = " "
      end
      line = line .. " " .. n
    end
    lines[#lines + 1] = line
    for _, l in ipairs(lines) do out[#out + 1] = l end
  end
  return table.concat(out, "\n")
end

local function describe(e)
  local out = { e.signature }
  if e.doc ~= "" then out[#out + 1] = "  " .. e.doc end
  local width = 0
  for _, p in ipairs(e.params) do width = math.max(width, #p[1]) end
  for _, p in ipairs(e.params) do
    local note = p[3] ~= "" and ("  " .. p[3]) or ""
    out[#out + 1] = ("  %-" .. width .. "s  %s%s"):format(p[1], p[2], note)
  end
  if #e.returns > 0 then
    out[#out + 1] = "  returns " .. table.concat(e.returns, ", ")
  end
  return table.concat(out, "\n")
end

-- The number of single-letter edits (insert, delete, change, swap of two
-- neighbours) from a to b, stopped at 3 (optimal string alignment distance,
-- Damerau's transpositions; a row of the table at a time).
local function typos(a, b)
  if math.abs(#a - #b) > 2 then return 3 end
  local prev2, prev = {}, {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    local best = i
    for j = 1, #b do
      local ca, cb = a:byte(i), b:byte(j)
      local d = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca == cb and 0 or 1))
      if i > 1 and j > 1 and ca == b:byte(j - 1) and a:byte(i - 1) == cb then
        d = math.min(d, prev2[j - 2] + 1)
      end
      cur[j] = d
      if d < best then best = d end
    end
    if best > 2 then return 3 end
    prev2, prev = prev, cur
  end
  return prev[#b]
end

return function(name)
  if name == nil then return list() end
  if type(name) ~= "string" then
    error(("bad argument #1 to 'help' (string expected, got %s)"):format(type(name)), 2)
  end
  local prefix, bare = name:match("^([%a_][%w_]*)[.:]([%w_]+)$")
  if prefix and PREFIX[prefix] then
    local e = DATA[PREFIX[prefix] .. "." .. bare]
    if e then return describe(e) end
  else
    bare = name
    for _, g in ipairs(GROUPS) do
      local e = DATA[g[1] .. "." .. bare]
      if e then
        local text = describe(e)
        -- the same name elsewhere (collide.world and debug.world)
        for _, o in ipairs(GROUPS) do
          if o[1] ~= g[1] and DATA[o[1] .. "." .. bare] then
            text = text .. "\n  (see also " .. DATA[o[1] .. "." .. bare].signature .. ")"
          end
        end
        return text
      end
    end
  end
  -- not found: the names that contain it, or that it contains, or that a
  -- typo or two make it (a dropped, added, changed or swapped letter)
  local near = {}
  local want = (bare or name):lower()
  for _, e in pairs(DATA) do
    if #want >= 3 and (e.name:find(want, 1, true) or want:find(e.name, 1, true)
                       or (#want >= 5 and typos(want, e.name) <= 2)) then
      near[#near + 1] = e.signature:match("^[^(]+")
    end
  end
  table.sort(near)
  local hint = "; collide.help() lists them"
  if #near > 0 then
    hint = "; did you mean " .. table.concat(near, ", ", 1, math.min(#near, 6)) .. "?"
  end
  error(("bad argument #1 to 'help' (no function or method '%s'%s)"):format(name, hint), 2)
end
