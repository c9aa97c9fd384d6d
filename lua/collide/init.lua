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

local jit_on = type(jit) == "table" and
               (requested == "ffi" or (jit.status and jit.status()))
local core, backend
if requested ~= "capi" and jit_on and pcall(require, "ffi") then
  -- nil when collide.core is not on package.cpath (e.g. a custom searcher):
  -- then the C API serves.
  core = require "collide.ffi"
  if core ~= nil then backend = "ffi" end
end
if core == nil then
  if requested == "ffi" then
    error("COLLIDE_BACKEND=ffi, but the FFI backend is not available here", 0)
  end
  core = require "collide.core"
  backend = "capi"
end

local collide = {}
for k, v in pairs(core) do
  -- _api is the binding's own list of entry points (for the FFI backend)
  if k ~= "_api" then collide[k] = v end
end

collide.backend = backend

return collide
