-- LÖVE configuration of the collide demo.

function love.conf(t)
  local smoke = false
  for _, a in ipairs(arg or {}) do
    if a == "--smoke" then
      smoke = true
    end
  end
  t.identity = "collide-demo"
  t.version = "11.4"
  t.window.title = "collide: swept vs overlap"
  t.window.width = 960
  t.window.height = 600
  t.window.msaa = smoke and 0 or 4
  -- The smoke run steps a fixed time per frame; waiting for vsync would
  -- only slow it down.
  t.window.vsync = smoke and 0 or 1
  -- Modules the demo does not use.
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
