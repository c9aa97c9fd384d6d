-- LÖVE configuration of the bump.lua-API example (examples/bump_game).
function love.conf(t)
  local smoke = false
  for _, a in ipairs(arg or {}) do smoke = smoke or a == "--smoke" end
  t.identity = "collide-bump-game"
  t.version = "11.4"
  t.window.title = "collide.bump: a game written for bump.lua"
  t.window.width = 800
  t.window.height = 480
  t.window.vsync = smoke and 0 or 1
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
