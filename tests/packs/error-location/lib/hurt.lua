-- Shared code of the pack: only required, named by no manifest, so an error
-- raised here is reported at the caller's line (error_location_test.cpp).
local M = {}

function M.hurt(id, amount)
  tabula.add(id, "hp", amount)
end

-- Recurses deeper than a traceback reads frame by frame, then fails.
function M.spiral(n)
  if n == 0 then error("spiralled out") end
  return 1 + M.spiral(n - 1)
end

-- Raises with no place of its own.
function M.refuse() error("refused", 0) end

-- Runs the pack's boost modifiers, which fail.
function M.boost(n)
  local boosted = tabula.modify("boost", n)
  return boosted
end

return M
