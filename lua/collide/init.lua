--- collide: swept (continuous) collision detection for Lua.
-- The work is done by the C module `collide.core`; this file picks the
-- binding and adds what is better written in Lua. Users only ever
-- `require "collide"`.

local core = require "collide.core"

local collide = {}
for k, v in pairs(core) do
  collide[k] = v
end

collide.backend = "capi"

return collide
