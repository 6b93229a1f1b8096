-- Trader (§6.4, OQ-34): VILLAGE: destroy 1 card in play (the Trader itself
-- may be it; no other card used for an effect) to gain a non-Hero card from
-- the top of a Village stack costing up to 2 more, into the discard pile;
-- the destroyed card gives no gold (§4.2 V2). DUNGEON: draw 1 card; if it
-- is a Monster, draw 1 more.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

local function gains(ctx, cost)
  local out = {}
  for _, c in ipairs(C.stack_tops()) do
    if not C.is_hero(c) and T.get(c, "cost") <= cost + E.n(ctx.self, "more") then out[#out + 1] = c end
  end
  return out
end

local function offers(ctx)
  local out = {}
  for _, c in ipairs(C.party(ctx.args.seat)) do
    if (c == ctx.self or not E.used(c)) and #gains(ctx, T.get(c, "cost")) > 0 then out[#out + 1] = c end
  end
  return out
end

function M.extend.effects(ctx)
  if ctx.args.phase == "dungeon" then
    return E.offer(ctx, "dungeon", { {
      fn = "draw", label = { "fx_village.trader_draw", n = E.n(ctx.self, "draw"), k = E.n(ctx.self, "monster_draw") },
    } })
  end
  return E.offer(ctx, "village", { {
    fn = "trade", label = { "fx_village.trade", n = E.n(ctx.self, "more") },
    when = function(c) return #offers(c) > 0 end,
  } })
end

function M.trade(ctx)
  E.pick { seat = ctx.args.seat, cards = offers(ctx), prompt = "fx_village.which_destroyed", then_fn = M.traded }
end

function M.traded(ctx)
  local card = E.picked(ctx)
  local cost = T.get(card, "cost")
  C.destroy(card)
  E.pick { seat = ctx.args.seat, cards = gains(ctx, cost), prompt = { "fx_village.trade_gain", cost = cost + E.n(ctx.self, "more") },
    then_fn = M.gained }
end

function M.gained(ctx)
  local card = E.picked(ctx)
  C.gain(card, ctx.args.seat)
  T.log { "fx_village.gained", seat = ctx.args.seat, card = card }
end

function M.draw(ctx)
  for _, c in ipairs(E.draw(ctx, E.n(ctx.self, "draw"))) do
    local t = C.type(c)
    if t == "monster" or t == "guardian" then E.draw(ctx, E.n(ctx.self, "monster_draw")) end
  end
end

return M
