-- luacheck configuration: the library and specs must run on Lua 5.1-5.4
-- and LuaJIT, so the standard set is the union of their globals.
std = "max"
max_line_length = 100
files["spec"] = { std = "+busted" }
files["examples/love"] = { read_globals = { "love" } }
exclude_files = { "build", "collide", ".luarocks" }
