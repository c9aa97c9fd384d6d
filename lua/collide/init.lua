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
-- which do not say what is wrong. The Lua API functions the object imports
-- do: each Lua version's headers turn some calls into macros over other
-- functions, so the import names tell the version the object was built for
-- (they are plain strings in the file, read here without loading it).
-- Checked first to last; tools/abi-check tries every pairing.
local ABI_MARKS = {
  -- 5.4: userdata with user values; 5.1-5.3 have no such functions.
  { "5.4", { "lua_newuserdatauv", "lua_getiuservalue", "lua_setiuservalue",
             "lua_resetthread", "lua_setcstacklimit", "lua_toclose" } },
  -- 5.1 (and LuaJIT): functions that are macros from 5.2 on.
  { "5.1", { "lua_call", "lua_pcall", "lua_tonumber", "lua_tointeger",
             "lua_objlen", "lua_getfenv", "lua_setfenv", "lua_equal",
             "lua_lessthan", "lua_cpcall", "luaL_register" } },
  -- 5.2: functions that are macros over lua_rotate/lua_copy from 5.3 on.
  { "5.2", { "lua_insert", "lua_remove", "lua_replace", "lua_pushunsigned",
             "lua_tounsignedx", "lua_getctx" } },
  -- 5.3: lua_rotate and friends are new in 5.3; lua_newuserdata is a macro
  -- in 5.4, and 5.1/5.2 were ruled out above.
  { "5.3", { "lua_rotate", "lua_isinteger", "lua_geti", "lua_seti",
             "lua_stringtonumber", "lua_newuserdata" } },
}

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

-- Whether the object's string tables hold NAME as a whole symbol (ELF and
-- PE store it NUL-terminated, Mach-O with a leading underscore).
local function imports(data, name)
  local pat, from = name .. "\0", 1
  while true do
    local s = data:find(pat, from, true)
    if s == nil then return false end
    local before = data:sub(s - 1, s - 1)
    if before == "_" then before = data:sub(s - 2, s - 2) end
    if not before:find("^[%w_]$") then return true end
    from = s + 1
  end
end

local function built_for(path)
  local f = io.open(path, "rb")
  if f == nil then return nil end
  local data = f:read("*a")
  f:close()
  for _, mark in ipairs(ABI_MARKS) do
    for _, name in ipairs(mark[2]) do
      if imports(data, name) then return mark[1] end
    end
  end
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

return collide
