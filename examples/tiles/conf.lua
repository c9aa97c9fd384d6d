-- LÖVE configuration of collide's tile-map example.
function love.conf(t)
  local smoke = false
  for _, a in ipairs(arg or {}) do smoke = smoke or a == "--smoke" end
  t.identity = "collide-tiles"
  t.version = "11.4"
  t.window.title = "collide: a Tiled map with collide.tiled"
  t.window.width = 640
  t.window.height = 352
  t.window.msaa = smoke and 0 or 4
  t.window.vsync = smoke and 0 or 1
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
