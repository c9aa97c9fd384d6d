-- Loading collide afresh with a chosen backend, for the specs that compare
-- the FFI backend with the C-API one (backend_spec, closed_forms_spec).
local M = {}

-- Loads collide afresh as if COLLIDE_BACKEND were `value` (nil: unset).
-- Returns the module, or raises the loading error.
function M.load_with(value)
  local getenv, saved = os.getenv, package.loaded.collide
  os.getenv = function(name)  -- luacheck: ignore 122
    if name == "COLLIDE_BACKEND" then return value end
    return getenv(name)
  end
  package.loaded.collide = nil
  local ok, mod = pcall(require, "collide")
  os.getenv = getenv  -- luacheck: ignore 122
  package.loaded.collide = saved
  if not ok then error(mod, 0) end
  return mod
end

return M
