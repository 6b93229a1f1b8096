-- A treasure that gives its holder something at the start of each of its
-- turns (D-30: the Philosopher's Stone, effect.gold; treasure 3b,
-- effect.lives).
local T = tabula
local C = require "items.cards"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

M.on = {
  turn_started = function(ctx)
    local char, seat = C.holder(ctx.self)
    if char == nil or seat ~= ctx.args.seat or T.get(char, "out") then return end
    local e = T.get(ctx.self, "effect")
    if (e.gold or 0) > 0 then
      resources.add(seat, "gold", e.gold)
      T.log({ "card.effect.gold", card = ctx.self, who = names.who(char), n = e.gold })
    end
    if (e.lives or 0) > 0 and C.would_heal(char, e.lives, T.def(ctx.self)) > 0 then
      C.refresh(char, ctx.self, e.lives, 0)
    end
  end,
}

return M
