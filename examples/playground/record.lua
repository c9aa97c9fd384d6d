--- The playground's recorder: a stand-in for the collide module that a
-- user's script gets as `collide`. It is the real module (every function
-- and field) except that the queries and worlds it makes keep a record of
-- each call, its arguments and its results (or its error), for the
-- playground to draw. Plain Lua: it needs no LÖVE.

local Record = {}
Record.__index = Record

local unpack = table.unpack or unpack
local function pack(...) return { n = select("#", ...), ... } end

-- module functions recorded: every sweep, test and ray cast
local function recorded(name)
  return name:match("^sweep_") or name:match("^raycast_") or name:match("^test_")
end
-- world methods recorded: every query and move
local function recorded_method(name)
  return name:match("^sweep_") or name:match("^raycast") or name:match("^overlap_")
    or name:match("^penetration_") or name:match("^move_")
end

-- A copy of a value as it is now: vectors are cloned (a game reuses its
-- out-vectors, the record must not change with them), tables of contacts
-- copied one level down.
local function snapshot(collide, x)
  if collide.is_vec3(x) then return x:clone() end
  if type(x) == "table" and getmetatable(x) == nil then
    local t = {}
    for k, v in pairs(x) do
      t[k] = collide.is_vec3(v) and v:clone() or
             (type(v) == "table" and snapshot(collide, v) or v)
    end
    return t
  end
  return x
end

function Record:add(entry)
  local list = self.sink
  list[#list + 1] = entry
  self.count = self.count + 1
end

-- Calls f(...) and records it under name; a world's method records its
-- world (the proxy) as well. Errors pass to the caller unchanged: their
-- message already names the caller's line (error(msg, 0)).
function Record:call(name, world, f, ...)
  local res = pack(pcall(f, ...))
  local args = pack(...)
  local entry = { name = name, world = world, args = {}, n = args.n }
  for i = 1, args.n do entry.args[i] = snapshot(self.collide, args[i]) end
  if world then   -- (self is not an argument of the query)
    table.remove(entry.args, 1)
    entry.n = entry.n - 1
  end
  if not res[1] then
    -- (called through pcall, the module names no line: the user's is the
    -- caller of the stand-in, which called here as a tail call)
    local msg, info = res[2], debug.getinfo(2, "Sl")
    if type(msg) == "string" and info and info.currentline > 0 and
       not msg:match("^[^:]+:%d+: ") then
      msg = info.short_src .. ":" .. info.currentline .. ": " .. msg
    end
    entry.error = msg
    self:add(entry)
    error(msg, 0)
  end
  entry.res = {}
  for i = 2, res.n do entry.res[i - 1] = snapshot(self.collide, res[i]) end
  self:add(entry)
  return unpack(res, 2, res.n)
end

-- A world as the user's script sees it: the real world's methods, the
-- queries recorded. w.real is the collide.world itself.
local World = {}
function World.__index(self, k)
  local real = rawget(self, "real")
  local m = real[k]
  if type(m) ~= "function" then return m end
  local rec = rawget(self, "rec")
  local f
  if recorded_method(k) then
    f = function(w, ...) return rec:call(k, w, m, real, ...) end
  else
    f = function(_, ...) return m(real, ...) end
  end
  rawset(self, k, f)
  return f
end
function World.__tostring(self) return tostring(rawget(self, "real")) end

--- Record.new(collide) -> the stand-in module, the recorder.
-- rec.worlds lists the worlds made; rec.sink is the list new records go
-- to (the playground points it at the list of the load, a frame or the
-- console); rec.count counts every record made.
function Record.new(collide)
  local rec = setmetatable({ collide = collide, worlds = {}, sink = {}, count = 0 }, Record)
  local proxy = {}
  for k, v in pairs(collide) do
    if type(v) == "function" and recorded(k) then
      proxy[k] = function(...) return rec:call(k, nil, v, ...) end
    else
      proxy[k] = v
    end
  end
  proxy.world = function(...)
    local w = setmetatable({ real = collide.world(...), rec = rec }, World)
    rec.worlds[#rec.worlds + 1] = w
    return w
  end
  return proxy, rec
end

return Record
