-- Assertions on a query's whole result, shared by the shape specs (loaded with
-- dofile: busted runs only the files named *_spec).
local collide = require "collide"
local assert = require "luassert"

local function assert_vec_near(expected, actual, tol)
  assert.is_true(collide.is_vec3(actual), "expected a vec3")
  local d = (actual - expected):length()
  assert.is_true(d <= (tol or 1e-12),
    ("expected %s, got %s"):format(tostring(expected), tostring(actual)))
end

-- Checks a whole result: true, u, point, normal, feature (and nothing more).
local function assert_hit(u, point, normal, feature, tol, ...)
  assert.are.equal(5, select("#", ...))
  local hit, hu, hp, hn, hf = ...
  assert.is_true(hit)
  assert.is_near(u, hu, tol or 1e-12)
  assert_vec_near(point, hp, tol)
  assert_vec_near(normal, hn, tol)
  assert.are.equal(feature, hf)
  assert.is_near(1, hn:length(), 1e-12)
end

local function assert_miss(...)
  assert.are.equal(1, select("#", ...))
  assert.is_false((...))
end

return { vec_near = assert_vec_near, hit = assert_hit, miss = assert_miss }
