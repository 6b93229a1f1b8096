-- Wind Fury (§6.5): double Health below 5 gold is a prop. BREACH: every
-- Village stack whose top card has a gold value of 3 or more loses its top
-- 2 cards (destroyed). The top cards are read before any is removed.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = {}

function M.breach(ctx)
  local hit = {}
  for _, top in ipairs(C.stack_tops()) do
    if (C.gold(top) or 0) >= E.n(ctx.self, "min_gold") then hit[#hit + 1] = T.get(top, "stack") or T.def(top) end
  end
  for _, stack in ipairs(hit) do
    for _ = 1, E.n(ctx.self, "cards") do
      for _, c in ipairs(C.stack_tops()) do
        if (T.get(c, "stack") or T.def(c)) == stack then
          C.destroy(c)
          break
        end
      end
    end
  end
end

return M
