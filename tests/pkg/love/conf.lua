-- The shipping check's game (tests/pkg/dist_check.sh): a real window under
-- Xvfb, as a player's LÖVE would open one; no sound.
function love.conf(t)
  t.identity = "collide-dist-check"
  t.version = "11.4"
  t.window.title = "collide dist check"
  t.window.width, t.window.height = 64, 64
  t.window.vsync = 0
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
