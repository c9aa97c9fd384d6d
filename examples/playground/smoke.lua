--- The playground's headless check (love examples/playground --smoke
-- --out=PNG): loads the sample script (a copy, which it then edits), and
-- checks what the playground drew against answers it computes itself, that
-- pause and step hold time, that the console runs Lua (and shows errors and
-- help), and that editing the file reloads it. Saves a screenshot; quits
-- with 0 only when every check held.

local Smoke = {}
Smoke.__index = Smoke

local DT = 1 / 60

function Smoke.new(P, collide, out)
  return setmetatable({ P = P, collide = collide, out = out, n = 0, failures = {},
                        checks = 0, log = {} }, Smoke)
end

function Smoke:check(ok, what)
  self.checks = self.checks + 1
  if not ok then self.failures[#self.failures + 1] = ("frame %d: %s"):format(self.n, what) end
  return ok
end

-- The script is a copy of FILE next to the screenshot (the smoke edits it).
function Smoke:prepare(file)
  local f = assert(io.open(file, "rb"))
  self.source = f:read("*a")
  f:close()
  self.script = self.out:gsub("%.png$", "") .. "-script.lua"
  f = assert(io.open(self.script, "wb"))
  f:write(self.source)
  f:close()
  return self.script
end

local function near(a, b, eps) return math.abs(a - b) <= (eps or 1e-9) end

-- Was a contact drawn at this world point (screen within 0.01 pixel)?
function Smoke:drawn_contact(p)
  local view = self.P.view
  local sx, sy = view:to_screen(p.x, p.y)
  for _, m in ipairs(view.marks) do
    if m.kind == "contact" and near(m.x, sx, 0.01) and near(m.y, sy, 0.01) then return true end
  end
  return false
end

-- An answer checked without the library: the contact point of a hit is at
-- distance r from the ghost (the centre at u) for a sphere, on the segment
-- at u for a ray; the normal is unit.
function Smoke:check_hit(r)
  local a, res = r.args, r.res
  local u, p, n = res[2], res[3], res[4]
  self:check(near(n.x * n.x + n.y * n.y + n.z * n.z, 1, 1e-9), r.name .. ": normal not unit")
  if r.name == "sweep_sphere" then
    local c0, c1 = a[2], a[3]
    local gx, gy = c0.x + (c1.x - c0.x) * u, c0.y + (c1.y - c0.y) * u
    local d = math.sqrt((p.x - gx) ^ 2 + (p.y - gy) ^ 2)
    self:check(near(d, a[1], 1e-6), ("%s: point %s is %.9g from the ghost, r = %g")
      :format(r.name, tostring(p), d, a[1]))
  elseif r.name == "raycast" or r.name:match("^raycast_") then
    local p0, p1 = a[1], a[2]
    self:check(near(p.x, p0.x + (p1.x - p0.x) * u, 1e-9) and
               near(p.y, p0.y + (p1.y - p0.y) * u, 1e-9),
      r.name .. ": point not on the ray at u")
  end
  self:check(self:drawn_contact(p),
             r.name .. ": its contact at " .. tostring(p) .. " was not drawn")
end

-- Key presses and typing as a user does them.
local function type_line(line)
  for ch in line:gmatch(".") do love.textinput(ch) end
  love.keypressed("return")
end

local function history_has(P, s)
  for _, l in ipairs(P.history) do if l:find(s, 1, true) then return true end end
  return false
end

function Smoke:update()
  local P = self.P
  self.n = self.n + 1
  local n = self.n
  if n == 3 then
    self:check(P.error == nil, "the script failed: " .. tostring(P.error))
    self:check(#P.rec.worlds == 1, "worlds: " .. #P.rec.worlds)
    local names = {}
    for _, r in ipairs(P.loaded) do names[#names + 1] = r.name end
    self:check(table.concat(names, " ") == "sweep_sphere raycast sweep_aabb_segment",
      "loaded queries: " .. table.concat(names, " "))
    names = {}
    for _, r in ipairs(P.frame) do names[#names + 1] = r.name end
    self:check(table.concat(names, " ") == "move_aabb sweep_sphere",
               "frame queries: " .. table.concat(names, " "))
  elseif n == 4 then   -- (after a draw)
    local hits = 0
    for _, list in ipairs({ P.loaded, P.frame }) do
      for _, r in ipairs(list) do
        if r.res and r.res[1] == true and r.res[3] then
          hits = hits + 1
          self:check_hit(r)
        end
      end
    end
    self:check(hits >= 3, "hits drawn: " .. hits)
    -- the move: its end marked where it ended, its contacts drawn
    local mv = P.frame[1]
    local view = P.view
    local sx, sy = view:to_screen(mv.res[1].x, mv.res[1].y)
    local found = false
    for _, m in ipairs(view.marks) do
      found = found or (m.kind == "move_end" and near(m.x, sx, 0.01) and near(m.y, sy, 0.01))
    end
    self:check(found, "the move's end was not drawn")
    for _, c in ipairs(mv.res[2]) do
      self:check(self:drawn_contact(c.point), "a move contact was not drawn")
    end
    -- every shape drawn: at least one primitive each
    self:check(#view.log >= P.rec.worlds[1]:count(), "primitives: " .. #view.log)
  elseif n == 6 then
    love.keypressed("f5")
    self.t0 = P.t
  elseif n == 10 then
    self:check(P.t == self.t0, "time moved while paused")
    love.keypressed("f6")
  elseif n == 12 then
    self:check(near(P.t, self.t0 + DT, 1e-12), ("one step: t %.6f, was %.6f"):format(P.t, self.t0))
    love.keypressed("f5")
    self:check(not P.paused, "F5 did not resume")
  elseif n == 14 then
    type_line("collide.raycast_sphere(collide.vec3(-6, 3), collide.vec3(6, 3), " ..
              "collide.vec3(-1, 3), 1)")
    type_line("collide.vec3(1, 'a')")
    type_line("collide.help('move_aabb')")
    type_line("print(w)")
    -- (the ray is recorded; vec3 and help are not queries)
    self:check(#P.console == 1, "console records: " .. #P.console)
    self:check(P.console[1] and P.console[1].res and P.console[1].res[1] == true,
               "the console's ray missed")
    self:check(history_has(P, "bad argument #2 to 'vec3' (number expected, got string)"),
      "the console did not show the error")
    self:check(history_has(P, "w:move_aabb(e, from, to [, options"),
               "the console did not show help")
    self:check(history_has(P, "world(5 shapes: 1 polygon, 1 aabb, 1 sphere, 1 segment, 1 capsule)"),
      "print(w) did not print the world")
  elseif n == 16 then
    local r = P.console[1]
    if r and r.res then
      self:check(near(r.res[3].x, -2, 1e-12), "the console's ray hit at " .. tostring(r.res[3]))
      self:check_hit(r)
    end
  elseif n == 18 then
    self.reloads = P.reloads
    local f = assert(io.open(self.script, "ab"))
    f:write('\nw:add_sphere(collide.vec3(0, 8), 1, "new")\n')
    f:close()
  elseif n == 40 then
    self:check(P.reloads == self.reloads + 1, "no reload after the edit")
    self:check(P.rec.worlds[1] and P.rec.worlds[1]:count() == 6, "the edit's shape is not there")
    self:check(#P.console == 0, "the console's records outlived the reload")
  elseif n == 42 then
    love.graphics.captureScreenshot(function(image)
      local f = io.open(self.out, "wb")
      if f then
        f:write(image:encode("png"):getString())
        f:close()
        self.shot = true
      end
    end)
  elseif n == 46 then
    self:finish()
  end
end

function Smoke:finish()
  local p = print
  local major, minor, revision = love.getVersion()
  p(("playground-smoke: LÖVE %d.%d.%d, %s, collide %s, backend %s"):format(
    major, minor, revision, jit and jit.version or _VERSION, self.collide._VERSION,
    self.collide.backend))
  self:check(self.shot, "no screenshot")
  p(("checks: %d, failed: %d"):format(self.checks, #self.failures))
  for _, f in ipairs(self.failures) do p("  " .. f) end
  if self.shot then p("screenshot: " .. self.out) end
  os.remove(self.script)
  if #self.failures > 0 then
    p("FAILED")
    io.stdout:flush()
    love.event.quit(1)
  else
    p("OK")
    io.stdout:flush()
    love.event.quit(0)
  end
end

function Smoke:draw()
  love.graphics.setColor(1, 1, 1)
  love.graphics.print("smoke: frame " .. self.n, love.graphics.getWidth() - 140, 10)
end

return Smoke
