--- collide: swept (continuous) collision detection for Lua.
-- The work is done by the C core; this file picks the binding and adds what
-- is better written in Lua. Users only ever `require "collide"`.
--
-- Backends: "capi", the Lua C-API module collide.core (every Lua), and
-- "ffi", the same core called through LuaJIT's FFI (collide/ffi.lua), which
-- LuaJIT uses by default because it stays inside JIT traces. With the JIT
-- off when collide is loaded (e.g. LuaJIT on iOS) the C API is chosen: FFI
-- calls from the interpreter cost several times more than C-API calls.
-- The environment variable COLLIDE_BACKEND=capi or =ffi forces one.

local requested = os.getenv("COLLIDE_BACKEND")
if requested == "" then requested = nil end
if requested ~= nil and requested ~= "capi" and requested ~= "ffi" then
  error("COLLIDE_BACKEND must be 'capi' or 'ffi', not '" .. requested .. "'", 0)
end

------------------------------------------------ a core built for another Lua
-- A shared object built for another Lua fails to load with the dynamic
-- linker's words ("undefined symbol: lua_getiuservalue") or luaL_checkversion's,
-- which do not say what is wrong. The object carries the Lua it was built
-- for as a plain string (collide_core_built_for in csrc/lua/lcollide.c),
-- read here without loading it. tools/abi-check tries every pairing.
-- The file package.searchpath would find (Lua 5.1 has no searchpath).
local function find_core()
  local name = "collide/core"
  for template in package.cpath:gmatch("[^;]+") do
    local path = template:gsub("%?", name)
    local f = io.open(path, "rb")
    if f then
      f:close()
      return path
    end
  end
end

local function built_for(path)
  local f = io.open(path, "rb")
  if f == nil then return nil end
  local data = f:read("*a")
  f:close()
  return data:match("collide%.core built for Lua (%d+%.%d+)\n")
end

local function lua_name(abi)
  return abi == "5.1" and "Lua 5.1 (or LuaJIT)" or "Lua " .. abi
end

-- require(name), or an error that says which Lua the core was built for
-- when it was not built for this one.
local function require_core(name)
  local ok, mod = pcall(require, name)
  if ok then return mod end
  local path = find_core()
  local running = type(jit) == "table" and "5.1" or _VERSION:match("%d+%.%d+")
  local abi = path and built_for(path)
  if abi == nil or abi == running then
    error(mod, 0)
  end
  local this = type(jit) == "table" and "LuaJIT (Lua 5.1 ABI)" or _VERSION
  error(("collide: %s was built for %s, not for %s; build collide.core for "
         .. "this Lua (make build/%s/collide/core.so in the source tree, or "
         .. "luarocks --lua-version=%s make). The loader said: %s")
        :format(path, lua_name(abi), this, running, running, tostring(mod)), 0)
end

------------------------------------------------------------ picking the backend
local jit_on = type(jit) == "table" and
               (requested == "ffi" or (jit.status and jit.status()))
local core, backend
if requested ~= "capi" and jit_on and pcall(require, "ffi") then
  -- nil when collide.core is not on package.cpath (e.g. a custom searcher):
  -- then the C API serves.
  core = require_core "collide.ffi"
  if core ~= nil then backend = "ffi" end
end
if core == nil then
  if requested == "ffi" then
    error("COLLIDE_BACKEND=ffi, but the FFI backend is not available here", 0)
  end
  core = require_core "collide.core"
  backend = "capi"
end

local collide = {}
for k, v in pairs(core) do
  -- _api is the binding's own list of entry points (for the FFI backend)
  if k ~= "_api" then collide[k] = v end
end

collide.backend = backend

--- collide.help([name]): the public names, or one function's or method's
-- signature, meaning and results (lua/collide/help.lua), loaded when first
-- asked for.
function collide.help(name)
  return require "collide.help"(name)
end

-- collide.load(s): a world from w:save()'s string (lua/collide/persist.lua,
-- shared by both backends, as w:save is).
local persist = require "collide.persist"
function collide.load(s)
  local w = persist.load(collide, s)
  return w
end

-- collide.tiled(map [, options]): Lua over the world's methods (add_tiles,
-- add_outline, ...), the same on both backends.
collide.tiled = require("collide.tiled")(collide)

-- collide.debug: LÖVE drawing, and bug reports (report, replay), the same
-- table as require "collide.debug" (which needs neither LÖVE nor the core
-- to load, so it requires collide only when a report is made).
collide.debug = require "collide.debug"

return collide
