-- luacheck configuration: the library and specs must run on Lua 5.1-5.4
-- and LuaJIT, so the standard set is the union of their globals.
std = "max"
max_line_length = 100
files["spec"] = { std = "+busted" }
-- LÖVE: love is read-only except the callbacks a game defines.
local love_callbacks = {}
for _, k in ipairs({ "conf", "load", "update", "draw", "keypressed", "keyreleased",
  "mousepressed", "mousereleased", "mousemoved", "wheelmoved", "resize", "quit",
  "errorhandler", "run", "textinput" }) do
  love_callbacks[k] = { read_only = false }
end
files["examples/love"] = {
  read_globals = { love = { fields = love_callbacks, other_fields = true } },
}
files["examples/platformer"] = files["examples/love"]
files["examples/playground"] = files["examples/love"]
-- a playground script: the playground gives it collide and calls its frame(t)
files["examples/playground/sample.lua"] = { globals = { "w", "frame" },
                                            read_globals = { "collide" } }
files["examples/bump_game"] = files["examples/love"]
files["examples/tiles"] = files["examples/love"]
-- a map as Tiled exports it: a row of tiles per line
files["examples/tiles/map.lua"] = { max_line_length = false }
exclude_files = { "build", "collide", ".luarocks" }
-- types/: LuaLS declaration files, functions without bodies (issue 9).
files["types"] = { unused_args = false, ignore = { "241" }, max_line_length = 160 }
files["tests/pkg/love"] = {
  read_globals = { love = { fields = love_callbacks, other_fields = true } },
}
-- generated from types/ by tools/gen-help.lua (one entry a line or two)
files["lua/collide/help_data.lua"] = { max_line_length = false }
