local T = tabula
local M = {}

-- 200 cards of definition ctx.args: 5 in play, the rest in decks, discard
-- piles and the stock.
function M.build(ctx)
  local spread = { { "play", 1, 5 }, { "deck", 1, 50 }, { "deck", 2, 50 }, { "discard", 1, 25 },
                   { "discard", 2, 25 }, { "stock", nil, 45 } }
  for _, z in ipairs(spread) do
    for _ = 1, z[3] do T.create(ctx.args, z[1], z[2]) end
  end
end

function M.scoped(ctx) return T.modify("power", 0) end

function M.checked(ctx) return T.modify("power_checked", 0) end

return M
