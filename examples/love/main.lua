--- collide's LÖVE demo: why sweeps matter.
--
-- Fire very fast bullets at moving targets behind walls. In "swept" mode
-- every bullet's motion over a frame is swept against every shape and the
-- bullet stops at the time of impact (the ghost) with the contact normal
-- drawn; in "overlap" mode only the bullet's end position is tested, so
-- bullets that cover more than a wall's thickness in a frame pass through
-- (drawn in red: where the sweep says they should have hit).
--
--     love examples/love                 play
--     love examples/love --smoke [--frames=N] [--seed=N] [--out=FILE]
--                                [--point-bullets=PERCENT]
--                                        the scripted check (make love-smoke)
--
-- collide is found through COLLIDE_ROOT (the repository root; default: two
-- levels above this directory): Lua files in $COLLIDE_ROOT/lua, the
-- LuaJIT-ABI core in $COLLIDE_ROOT/build/5.1/collide/core.so.

---------------------------------------------------------------- finding collide

-- In the smoke run an error must end the process with a failure, not wait
-- on LÖVE's error screen; set this first, so a module that fails to load
-- is covered too.
local SMOKE = false
for _, a in ipairs(arg or {}) do
  SMOKE = SMOKE or a == "--smoke"
end
if SMOKE then
  love.errorhandler = function(msg)
    io.stderr:write("love-smoke: error: " .. tostring(msg) .. "\n"
      .. debug.traceback("", 2) .. "\n")
    io.stderr:flush()
    return function() return 2 end
  end
end

local function repo_root()
  local root = os.getenv("COLLIDE_ROOT")
  if root and root ~= "" then
    return (root:gsub("/+$", ""))
  end
  -- Run from a checkout: examples/love is two levels below the root.
  return love.filesystem.getSource() .. "/../.."
end

local ROOT = repo_root()
-- In front of the defaults, so a Lua 5.4 build of collide.core that the
-- default "./?.so" could reach from the repository root is never loaded
-- into LÖVE's LuaJIT.
package.path = ROOT .. "/lua/?.lua;" .. ROOT .. "/lua/?/init.lua;" .. package.path
package.cpath = ROOT .. "/build/5.1/?.so;" .. package.cpath

local ok, collide = pcall(require, "collide")
if not ok then
  error("cannot load collide (" .. tostring(collide) .. ")\n\nBuild the LuaJIT-ABI module"
    .. " (build/5.1/collide/core.so) in the repository, and set COLLIDE_ROOT to the"
    .. " repository root if this game is not run from examples/love of a checkout.", 0)
end
local draw = require "collide.debug"
local Scene = require "scene"

---------------------------------------------------------------- state

local lg = love.graphics
local W, H = Scene.WIDTH, Scene.HEIGHT
local SPEEDS = { 1200, 6000, 24000 }  -- bullet speeds, pixels per second
local BULLET_R = 4
local FIRE_RATE = 30                   -- bullets per second while firing

local scene
local player = { x = 120, y = 300, aim = 0 }
local speed_level = 2
local paused = false
local fire_clock = 0
local mouse_moved = false
-- Collide calls per frame, smoothed over about a quarter second for the HUD.
local hud_calls, hud_oracle = 0, 0
local smoke  -- the scripted run's state, when --smoke

---------------------------------------------------------------- drawing

local pos, ext = {}, {}  -- scratch vectors for drawing

local function draw_shapes()
  for _, s in ipairs(scene.shapes) do
    local k = s.kind
    if k == "segment" then
      lg.setLineWidth(3)
      lg.setColor(0.85, 0.87, 0.92)
      draw.segment(s.va, s.vb)
    elseif k == "polygon" then
      lg.setColor(0.25, 0.3, 0.4)
      draw.polygon(s.poly, "fill")
      lg.setLineWidth(2)
      lg.setColor(0.6, 0.68, 0.8)
      draw.polygon(s.poly)
    elseif k == "box" then
      pos[1], pos[2], ext[1], ext[2] = s.x1, s.y1, s.ex, s.ey
      if s.path then
        lg.setColor(0.55, 0.35, 0.15)
      else
        lg.setColor(0.25, 0.3, 0.4)
      end
      draw.box(pos, ext, "fill")
      lg.setLineWidth(2)
      lg.setColor(s.path and 1 or 0.6, s.path and 0.65 or 0.68, s.path and 0.3 or 0.8)
      draw.box(pos, ext)
    else
      pos[1], pos[2] = s.x1, s.y1
      local f = s.flash / 0.15
      lg.setColor(0.2 + 0.8 * f, 0.75 + 0.25 * f, 0.35 + 0.65 * f)
      draw.circle(pos, s.r, "fill")
      lg.setLineWidth(2)
      lg.setColor(0.1, 0.3, 0.15)
      draw.circle(pos, s.r * 0.55)
    end
  end
end

local function draw_bullets()
  lg.setLineWidth(1)
  local bullets = scene.bullets
  lg.setColor(1, 0.85, 0.3, 0.35)
  for i = 1, scene.nbullets do
    local b = bullets[i]
    lg.line(b.lx, b.ly, b.x, b.y)
  end
  lg.setColor(1, 0.9, 0.4)
  for i = 1, scene.nbullets do
    local b = bullets[i]
    lg.circle("fill", b.x, b.y, math.max(b.r, 1))
  end
end

local c0, c1, pt, nm = {}, {}, {}, {}
local function draw_markers()
  local life = Scene.MARKER_LIFE
  for _, m in ipairs(scene.markers) do
    if m.age < life then
      local a = 1 - m.age / life
      c0[1], c0[2], c1[1], c1[2] = m.x0, m.y0, m.x1, m.y1
      pt[1], pt[2], nm[1], nm[2] = m.px, m.py, m.nx, m.ny
      lg.setLineWidth(1.5)
      if m.kind == "hit" then
        lg.setColor(0.3, 0.9, 1, a)             -- the sweep and its ghost
        draw.sweep(math.max(m.r, 1), c0, c1, m.u)
        lg.setColor(1, 0.3, 0.9, a)             -- contact point and normal
        draw.contact(pt, nm)
      elseif m.kind == "overlap" then
        lg.setColor(0.4, 1, 0.4, a)             -- found inside, at the end
        draw.circle(c1, math.max(m.r, 1))
        draw.contact(pt, nm, 16)
      else
        lg.setColor(1, 0.25, 0.2, a)            -- passed through: the sweep's
        draw.sweep(math.max(m.r, 1), c0, c1, m.u)  -- ghost shows where
        local gx, gy = m.x0 + (m.x1 - m.x0) * m.u, m.y0 + (m.y1 - m.y0) * m.u
        lg.line(gx - 6, gy - 6, gx + 6, gy + 6)
        lg.line(gx - 6, gy + 6, gx + 6, gy - 6)
      end
    end
  end
end

local PLAYER_E = { 12, 12 }             -- the player: a 24 x 24 square

local function draw_player()
  local x, y, a = player.x, player.y, player.aim
  lg.setColor(0.4, 0.7, 1)
  lg.rectangle("fill", x - PLAYER_E[1], y - PLAYER_E[2], 2 * PLAYER_E[1], 2 * PLAYER_E[2])
  lg.setLineWidth(4)
  lg.line(x, y, x + 22 * math.cos(a), y + 22 * math.sin(a))
  lg.setLineWidth(1)
  lg.setColor(0.4, 0.7, 1, 0.25)
  lg.line(x, y, x + 2000 * math.cos(a), y + 2000 * math.sin(a))
end

local function draw_hud()
  local swept = scene.mode == "swept"
  lg.setColor(0, 0, 0, 0.6)
  lg.rectangle("fill", 0, 0, W, 44)
  lg.rectangle("fill", 0, H - 24, W, 24)
  lg.setColor(1, 1, 1)
  local calls
  if swept then
    calls = string.format("sweeps/frame: %.0f", hud_calls)
  else
    calls = string.format("overlap tests/frame: %.0f (+%.0f sweeps to show tunnels)",
      hud_calls, hud_oracle)
  end
  lg.print(string.format("mode: %s   FPS: %d   %s   bullets: %d   %s   backend: %s",
    swept and "SWEPT (never tunnels)" or "OVERLAP TEST (bullets tunnel)",
    love.timer.getFPS(), calls, scene.nbullets,
    scene.use_world and "walls: world" or "walls: one by one", collide.backend), 8, 5)
  local speed = string.format("speed: %d px/s (%d px/frame at 60 FPS)", SPEEDS[speed_level],
    SPEEDS[speed_level] / 60)
  if smoke then
    speed = "speeds: 3000-18000 px/s (50-300 px/frame), radius 0-5"
  end
  local line2 = string.format("%s   fired: %d   hits: %d", speed, scene.fired, scene.hits)
  if not swept then
    line2 = line2 .. string.format("   tunneled: %d", scene.tunneled)
  end
  if smoke then
    line2 = line2 .. string.format("   SMOKE TEST frame %d", smoke.frame)
  elseif paused then
    line2 = line2 .. "   PAUSED"
  end
  lg.print(line2, 8, 24)
  lg.setColor(0.8, 0.8, 0.8)
  lg.print("mouse: aim   LMB/space: fire   WASD/arrows: move (shift: fast)   Tab: swept/overlap"
    .. "   1-3: speed"
    .. "   B: burst   Q: world/per shape   P: pause   R: reset   Esc: quit", 8, H - 20)
end

function love.draw()
  lg.clear(0.07, 0.08, 0.1)
  draw_shapes()
  draw_markers()
  draw_bullets()
  draw_player()
  draw_hud()
end

---------------------------------------------------------------- playing

local function fire(angle)
  local a = angle or player.aim
  local x, y = player.x + 22 * math.cos(a), player.y + 22 * math.sin(a)
  scene:fire(x, y, a, SPEEDS[speed_level], BULLET_R)
end

local function play_update(dt)
  if paused then
    return
  end
  dt = math.min(dt, 1 / 20)
  local kd = love.keyboard.isDown
  local vx, vy = 0, 0
  if kd("a", "left") then vx = vx - 1 end
  if kd("d", "right") then vx = vx + 1 end
  if kd("w", "up") then vy = vy - 1 end
  if kd("s", "down") then vy = vy + 1 end
  -- the player is a rectangle moved through the walls by the world's
  -- mover: it slides along them and never passes one, at any speed (shift:
  -- 10x, 53 px a frame)
  local speed = kd("lshift", "rshift") and 3200 or 320
  local tx = math.max(30, math.min(W - 30, player.x + vx * speed * dt))
  local ty = math.max(60, math.min(H - 40, player.y + vy * speed * dt))
  if scene.world and scene.world.move_aabb then
    local p = scene.world:move_aabb(PLAYER_E, { player.x, player.y }, { tx, ty })
    player.x, player.y = p.x, p.y
  else
    player.x, player.y = tx, ty
  end
  if mouse_moved then
    local mx, my = love.mouse.getPosition()
    player.aim = math.atan2(my - player.y, mx - player.x)
  end
  if love.mouse.isDown(1) or kd("space") then
    fire_clock = fire_clock + dt
    while fire_clock >= 1 / FIRE_RATE do
      fire_clock = fire_clock - 1 / FIRE_RATE
      fire(player.aim + (love.math.random() - 0.5) * 0.02)
    end
  else
    fire_clock = 1 / FIRE_RATE  -- the next press fires at once
  end
  scene:step(dt)
end

function love.keypressed(key)
  if key == "escape" then
    love.event.quit()
  elseif key == "tab" or key == "m" then
    scene.mode = scene.mode == "swept" and "overlap" or "swept"
  elseif key == "1" or key == "2" or key == "3" then
    speed_level = tonumber(key)
  elseif key == "b" then
    for i = -20, 20 do
      fire(player.aim + i * 0.01)
    end
  elseif key == "q" and scene.world then
    scene.use_world = not scene.use_world
  elseif key == "p" then
    paused = not paused
  elseif key == "r" then
    scene:reset()
  end
end

function love.mousemoved()
  mouse_moved = true
end

---------------------------------------------------------------- smoke test

local DT = 1 / 60

local function smoke_option(args, name, default)
  for _, a in ipairs(args) do
    local v = a:match("^%-%-" .. name:gsub("%-", "%%-") .. "=(.*)$")
    if v then
      return v
    end
  end
  return default
end

local function smoke_start(args)
  local Smoke = require "smoke"
  smoke = {
    frame = 0,
    swept_frames = tonumber(smoke_option(args, "frames", "300")),
    control_frames = 60,
    seed = tonumber(smoke_option(args, "seed", "12345")),
    point_share = tonumber(smoke_option(args, "point-bullets", "5")) / 100,
    out = smoke_option(args, "out", ROOT .. "/build/love-smoke.png"),
    max_bullets = 0, step_time = 0,
    shape_stats = { frames = 0, calls = 0, max = 0 },  -- walls swept one by one
    world_stats = { frames = 0, calls = 0, max = 0 },  -- walls in a collide.world
    shot = nil,  -- true once written, or an error text
    started = love.timer.getTime(),
  }
  smoke.total = smoke.swept_frames + smoke.control_frames
  smoke.shot_frame = math.max(1, smoke.swept_frames - 20)
  smoke.script = Smoke.script(scene, smoke.seed, smoke.point_share)
  smoke.swept = Smoke.checker(scene)
  smoke.control = Smoke.checker(scene)
  smoke.on_swept = function(...) smoke.swept:check(true, ...) end
  smoke.on_control = function(...) smoke.control:check(false, ...) end
  scene.find_tunnels = false
  -- Dozens of hits a frame: draw only the latest few, or the picture is a
  -- tangle of ghosts.
  scene.max_markers = 40
  scene:reset()
end

local function save_screenshot(image)
  local f, err = io.open(smoke.out, "wb")
  if not f then
    smoke.shot = "cannot write " .. smoke.out .. ": " .. tostring(err)
    return
  end
  f:write(image:encode("png"):getString())
  f:close()
  smoke.shot = true
end

local function smoke_report()
  local s, c = smoke.swept, smoke.control
  local secs = love.timer.getTime() - smoke.started
  local p = print
  local major, minor, revision = love.getVersion()
  p(string.format("love-smoke: LÖVE %d.%d.%d, %s, collide %s, backend %s, seed %d,"
    .. " %g%% zero-radius bullets", major, minor, revision, jit and jit.version or _VERSION,
    tostring(collide._VERSION), collide.backend, smoke.seed, smoke.point_share * 100))
  p(string.format("frames: %d swept + %d overlap (control), %.1f s"
    .. " (%.1f s of it stepping and checking, the rest drawing)",
    smoke.swept_frames, smoke.control_frames, secs, smoke.step_time))
  p(string.format("bullets fired: %d, at most %d in flight", scene.fired, smoke.max_bullets))
  for _, st in ipairs({ { "walls one by one", smoke.shape_stats },
    { "walls in a world", smoke.world_stats } }) do
    local what, t = st[1], st[2]
    if t.frames > 0 then
      p(string.format("sweeps per frame (%s, %d frames; a world query counts one):"
        .. " %.0f average, %d at most", what,
        t.frames, t.calls / t.frames, t.max))
    end
  end
  p(string.format("checked: %d bullet motions, %d near a shape, %d distance samples,"
    .. " %d hits reported", s.motions, s.near, s.samples, s.hits))
  p(string.format("bad reports: %d", s.bad))
  for what, n in pairs(s.bad_kinds) do
    p(string.format("  %d x %s", n, what))
  end
  p(string.format("tunneled: %d", s.tunneled))
  p(string.format("control, overlap mode: %d motions, %d tunneled (must be > 0)",
    c.motions, c.tunneled))
  for _, f in ipairs(s.failures) do
    p("  " .. f)
  end
  local failed = {}
  if s.tunneled > 0 then failed[#failed + 1] = "bullets tunneled in swept mode" end
  if s.bad > 0 then failed[#failed + 1] = "wrong contacts reported" end
  if s.hits == 0 then failed[#failed + 1] = "no hits at all" end
  if c.tunneled == 0 then failed[#failed + 1] = "the checker found no tunnel in overlap mode" end
  if smoke.shot == true then
    p("screenshot: " .. smoke.out)
  else
    failed[#failed + 1] = "screenshot: " .. tostring(smoke.shot or "not taken")
  end
  if #failed > 0 then
    p("FAILED: " .. table.concat(failed, "; "))
    return 1
  end
  p("OK")
  return 0
end

local function smoke_update()
  local f = smoke.frame + 1
  smoke.frame = f
  if f > smoke.total then
    -- The screenshot is written at the end of the frame it was asked in;
    -- give it a few frames before giving up.
    if not smoke.done and (smoke.shot or f > smoke.total + 10) then
      smoke.done = true
      local code = smoke_report()
      io.stdout:flush()
      love.event.quit(code)
    end
    return
  end
  local swept = f <= smoke.swept_frames
  scene.mode = swept and "swept" or "overlap"
  -- The first half of the swept frames sweeps the walls one by one, the
  -- second half (when this collide has worlds) queries them as a world.
  local world = swept and scene.world ~= nil and f > smoke.swept_frames / 2
  scene.use_world = world
  player.x, player.y = smoke.script(f)
  player.aim = 0.4 * math.sin(f * 0.05)
  local t = love.timer.getTime()
  scene:step(DT, swept and smoke.on_swept or smoke.on_control)
  smoke.step_time = smoke.step_time + love.timer.getTime() - t
  if swept then
    local st = world and smoke.world_stats or smoke.shape_stats
    st.frames, st.calls = st.frames + 1, st.calls + scene.sweeps
    st.max = math.max(st.max, scene.sweeps)
  end
  smoke.max_bullets = math.max(smoke.max_bullets, scene.nbullets)
  if f == smoke.shot_frame then
    lg.captureScreenshot(save_screenshot)
  end
end

---------------------------------------------------------------- LÖVE

function love.load(args)
  lg.setNewFont(13)
  scene = Scene.new(collide)
  if SMOKE then
    smoke_start(args or {})
  end
end

function love.update(dt)
  if smoke then
    smoke_update()
  else
    play_update(dt)
  end
  hud_calls = hud_calls + (scene.sweeps - hud_calls) * 0.07
  hud_oracle = hud_oracle + (scene.oracle_sweeps - hud_oracle) * 0.07
end
