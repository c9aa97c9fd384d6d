-- rockspec-check.lua SCM RELEASE SOURCE... -- the two rockspecs describe the
-- same rock: every C source of the build is in both, their build,
-- dependencies, test and description agree (the release one may add a
-- homepage), and the release version is the module's collide._VERSION.
-- Run by tests/pkg/rock_check.sh with lua5.4 and the 5.4 build on
-- LUA_CPATH; prints "N passed, N failed".
local scm_path, rel_path = arg[1], arg[2]
local passed, failed = 0, 0
local function check(ok, what)
  if ok then
    passed = passed + 1
    print("  ok    " .. what)
  else
    failed = failed + 1
    print("  FAIL  " .. what)
  end
end

local function load_rockspec(path)
  local env = {}
  local chunk = assert(loadfile(path, "t", env))
  chunk()
  return env
end

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

local scm, rel = load_rockspec(scm_path), load_rockspec(rel_path)
local sources = scm.build.modules["collide.core"].sources
local listed = {}
for _, f in ipairs(sources) do listed[f] = true end
for i = 3, #arg do
  check(listed[arg[i]], scm_path .. " lists " .. arg[i])
end
for _, f in ipairs(sources) do
  local h = io.open(f)
  check(h ~= nil, scm_path .. ": " .. f .. " exists")
  if h then h:close() end
end
for _, key in ipairs({ "rockspec_format", "package", "build", "dependencies", "test" }) do
  check(same(scm[key], rel[key]), rel_path .. " has the same " .. key .. " as " .. scm_path
        .. (same(scm[key], rel[key]) and "" or " (make release-rockspec)"))
end
local d = {}
for k, v in pairs(rel.description) do d[k] = v end
d.homepage = nil
check(same(scm.description, d), rel_path .. " has the same description (plus a homepage)")
check(rel.source.url and rel.source.url:match("^git%+https://") and rel.source.tag
      == "v" .. rel.version:match("^(.-)%-%d+$"),
      rel_path .. ": source is a git+https url with tag v<version>")
local collide = require "collide"
check(rel.version:match("^(.-)%-%d+$") == collide._VERSION,
      ("%s: version %s is collide._VERSION %s"):format(rel_path, rel.version, collide._VERSION))
print(("%d passed, %d failed"):format(passed, failed))
os.exit(failed == 0 and 0 or 1)
