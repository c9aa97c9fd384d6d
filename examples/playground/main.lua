--- collide's playground (LÖVE 11.4): runs a Lua file against collide and
-- draws every shape of its worlds and every query it makes, again each time
-- the file changes.
--
--     love examples/playground [FILE]    FILE: a script (default: sample.lua
--                                        here); `make playground FILE=...`
--     love examples/playground --smoke --out=PNG [FILE]
--                                        the headless check (make playground-smoke)
--
-- The script gets `collide` (queries and worlds recorded for drawing) and
-- may define frame(t), run every frame. Keys: type Lua into the console at
-- the bottom and press Enter (an expression's value is printed); F5 pauses
-- and resumes frame(t), F6 runs one frame while paused, F8 reloads, Escape
-- quits. Sweeps are drawn with their start, end, ghost at the contact, the
-- contact point, normal and feature; moves with the path asked, the path
-- taken and every contact; overlaps with the ids they found.
--
-- collide is found through COLLIDE_ROOT (default: two levels up), as in
-- examples/love.

local SMOKE, OUT, FILE = false, nil, nil
for _, a in ipairs(arg or {}) do
  if a == "--smoke" then SMOKE = true
  elseif a:match("^%-%-out=") then OUT = a:match("^%-%-out=(.+)$")
  elseif not a:match("^%-") and a:match("%.lua$") then FILE = a end
end
if SMOKE then
  love.errorhandler = function(msg)
    io.stderr:write("playground-smoke: error: " .. tostring(msg) .. "\n"
      .. debug.traceback("", 2) .. "\n")
    io.stderr:flush()
    return function() return 2 end
  end
end

local root = os.getenv("COLLIDE_ROOT")
if not root or root == "" then root = love.filesystem.getSource() .. "/../.." end
root = root:gsub("/+$", "")
package.path = root .. "/lua/?.lua;" .. root .. "/lua/?/init.lua;" .. package.path
package.cpath = root .. "/build/5.1/?.so;" .. package.cpath
FILE = FILE or (root .. "/examples/playground/sample.lua")

local collide = require "collide"
local draw = require "collide.debug"
local Record = require "record"
local Scene = require "scene"

local P = {            -- the playground's state (the smoke reads it)
  file = FILE, source = nil, env = nil, rec = nil, proxy = nil,
  loaded = {}, frame = {}, console = {}, history = {}, line = "",
  t = 0, paused = false, step = false, error = nil, reloads = 0, since_poll = 0,
  frames = 0,
}
_G.playground = P

local DT = 1 / 60

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("*a")
  f:close()
  return s
end

local function say(s)
  for line in (tostring(s) .. "\n"):gmatch("(.-)\n") do
    P.history[#P.history + 1] = line
  end
  while #P.history > 200 do table.remove(P.history, 1) end
end

-- The script's print goes to the console.
local function env_print(...)
  local t = {}
  for i = 1, select("#", ...) do t[i] = tostring((select(i, ...))) end
  say(table.concat(t, "\t"))
end

-- (Re)loads the script: a new environment, new records and worlds.
function P.load()
  local src = read(P.file)
  P.source = src
  P.error = nil
  if not src then
    P.error = "cannot read " .. P.file
    say(P.error)
    return
  end
  local proxy, rec = Record.new(collide)
  P.proxy, P.rec = proxy, rec
  P.loaded, P.frame, P.console = {}, {}, {}
  local env = setmetatable({ collide = proxy, print = env_print, draw = draw },
                           { __index = _G })
  P.env = env
  local chunk, err = loadstring(src, "@" .. P.file)
  if not chunk then
    P.error = err
    say(err)
    return
  end
  setfenv(chunk, env)
  rec.sink = P.loaded
  local ok, e = xpcall(chunk, debug.traceback)
  if not ok then
    P.error = e
    say(e)
  end
  P.reloads = P.reloads + 1
  say(("loaded %s: %d world(s), %d queries"):format(P.file, #rec.worlds, #P.loaded))
end

-- One frame of the script: frame(t) with its records.
function P.run_frame()
  if not P.env or type(rawget(P.env, "frame")) ~= "function" then return end
  P.frame = {}
  P.rec.sink = P.frame
  local ok, e = xpcall(function() P.env.frame(P.t) end, debug.traceback)
  if not ok then
    P.error = e
    say(e)
    P.paused = true
  end
end

-- A console line: an expression's values are printed; a statement runs.
function P.run_line(line)
  say("> " .. line)
  if not P.env then return end
  local chunk = loadstring("return " .. line, "=console")
  if not chunk then
    local err
    chunk, err = loadstring(line, "=console")
    if not chunk then say(err) return end
  end
  setfenv(chunk, P.env)
  P.rec.sink = P.console
  local r = { pcall(chunk) }
  if not r[1] then say(r[2]) return end
  if #r > 1 then
    local t = {}
    for i = 2, table.maxn(r) do t[#t + 1] = tostring(r[i]) end
    say(table.concat(t, "\t"))
  end
end

function P.poll()
  local src = read(P.file)
  if src and src ~= P.source then P.load() end
end

local view, smoke

function love.load()
  love.graphics.setNewFont(12)
  love.keyboard.setKeyRepeat(true)
  view = Scene.View.new(love.graphics, love.graphics.getWidth(), love.graphics.getHeight())
  draw.graphics = Scene.View.graphics(view)
  P.view = view
  say(("collide %s (%s): collide.help() lists the API"):format(collide._VERSION, collide.backend))
  if SMOKE then
    smoke = require("smoke").new(P, collide, OUT or "playground.png")
    P.file = smoke:prepare(FILE)
  end
  P.load()
end

function love.update()
  -- (the smoke first: it checks the records the last draw showed)
  if smoke then smoke:update() end
  P.since_poll = P.since_poll + DT
  if P.since_poll > 0.25 then
    P.since_poll = 0
    P.poll()
  end
  if not P.paused or P.step then
    P.run_frame()
    P.t = P.t + DT
    P.step = false
  end
  P.frames = P.frames + 1
end

function love.textinput(t)
  P.line = P.line .. t
end

function love.keypressed(key)
  if key == "return" or key == "kpenter" then
    if P.line ~= "" then P.run_line(P.line) end
    P.line = ""
  elseif key == "backspace" then
    P.line = P.line:sub(1, -2)
  elseif key == "f5" then
    P.paused = not P.paused
  elseif key == "f6" then
    P.paused, P.step = true, true
  elseif key == "f8" then
    P.load()
  elseif key == "escape" then
    love.event.quit()
  end
end

function love.draw()
  local lg = love.graphics
  lg.clear(0.08, 0.09, 0.12)
  view.log, view.marks = {}, {}
  local worlds = P.rec and P.rec.worlds or {}
  view:fit(Scene.bounds(collide, worlds, { P.loaded, P.frame, P.console }))
  lg.setLineWidth(1.5)
  for _, w in ipairs(worlds) do
    lg.setColor(0.75, 0.8, 0.9, 0.9)
    draw.world(w, { extent = 1e3 })
    for id in w:shapes() do   -- ids at the shapes
      local _, a = w:get(id)
      if collide.is_vec3(a) then
        local sx, sy = view:to_screen(a.x, a.y)
        lg.setColor(0.75, 0.8, 0.9, 0.6)
        lg.print("#" .. id, sx + 3, sy - 14)
      end
    end
  end
  for _, list in ipairs({ P.loaded, P.frame, P.console }) do
    for _, r in ipairs(list) do Scene.draw_record(draw, view, r) end
  end
  -- the text: state, console
  lg.setColor(1, 1, 1)
  local worlds_text = {}
  for i, w in ipairs(worlds) do worlds_text[i] = tostring(w) end
  local paused = P.paused and " (paused: F5 resume, F6 step)" or ""
  lg.print(("%s   t = %.2f%s   %s"):format(P.file, P.t, paused,
                                           table.concat(worlds_text, " ")), 10, 10)
  local y = lg.getHeight() - 130
  lg.setColor(0, 0, 0, 0.6)
  lg.rectangle("fill", 0, y - 4, lg.getWidth(), 134)
  lg.setColor(0.85, 0.9, 0.85)
  local first = math.max(1, #P.history - 7)
  for i = first, #P.history do
    lg.print(P.history[i], 10, y)
    y = y + 14
  end
  lg.setColor(1, 1, 0.6)
  lg.print("> " .. P.line .. "_", 10, lg.getHeight() - 18)
  if smoke then smoke:draw() end
end
