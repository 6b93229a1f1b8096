-- Evoker Adept (§6.3): Attack +2 against Rank 2 or deeper; Light +1 if you
-- reveal a Light Item. Against Rank 1 an Evoker gives neither (OQ-11).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

local function light_item(seat)
  for _, c in ipairs(C.party(seat)) do
    if T.has_tag(c, "light") and T.has_tag(c, "item") then return true end
  end
  return false
end

function M.extend.battle(ctx)
  if ctx.args.rank < E.n(ctx.self, "deep_rank") then return nil end
  return E.give(ctx, {
    attack = E.n(ctx.self, "deep_attack"),
    light = light_item(ctx.args.seat) and E.n(ctx.self, "item_light") or 0,
  })
end

return M
