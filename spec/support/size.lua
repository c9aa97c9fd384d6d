-- How many random cases the property specs draw. `make test` runs them at
-- the quick size; COLLIDE_SPEC_SIZE=full runs the full counts (`make
-- spec-full`, part of `make ci-extra`, on every VM). The quick size keeps
-- every kind of case a spec generates (the i % k families); only their
-- number shrinks. The Makefile finds the specs to run at full size by
-- this file's name (dofile("spec/support/size.lua") or require
-- "spec.support.size"): a spec sized here is picked up by spec-full as it
-- is. Every spec-full run is on every VM, so a full size is chosen for
-- its processor time as well (the Makefile's SIZED_SPECS says the budget).
local size = os.getenv("COLLIDE_SPEC_SIZE")
if size ~= nil and size ~= "" and size ~= "full" then
  error("COLLIDE_SPEC_SIZE must be unset or 'full', not '" .. size .. "'", 0)
end

local M = { full = size == "full" }

-- The count for this run: `quick` under make test, `full` under
-- COLLIDE_SPEC_SIZE=full.
function M.cases(quick, full)
  if M.full then return full end
  return quick
end

return M
