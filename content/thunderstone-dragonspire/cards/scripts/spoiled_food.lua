-- Spoiled Food (§6.4): DUNGEON: each Hero in play gains Attack +1 and
-- Strength +3; at the end of the battle (won or lost) the player picks one
-- attacking Hero, which is destroyed with the battle's other casualties
-- (so Guardian Blade may save him, TV-5). Each Spoiled Food used claims its
-- own Hero (`spoiled_victims` in the turn's record).
local C = require "rules.cards"
local E = require "rules.effects"
local battle = require "rules.battle"
local M = { extend = {}, on = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "eat", label = { "fx_village.spoiled", a = E.n(ctx.self, "attack"), s = E.n(ctx.self, "strength") },
    when = function(c) return #C.heroes(c.args.seat) > 0 end,
  } })
end

function M.eat(ctx)
  for _, h in ipairs(C.heroes(ctx.args.seat)) do
    C.add_bonus(h, "attack", E.n(ctx.self, "attack"))
    C.add_strength(h, E.n(ctx.self, "strength"))
  end
end

M.on.battle_ends = function(ctx)
  if not (C.in_play(ctx.self) and E.used(ctx.self)) then return end
  local victims = C.turn().spoiled_victims or {}
  local cards = {}
  for _, h in ipairs(C.heroes(ctx.args.seat)) do
    if battle.can_attack(h) and not victims[C.key(h)] then cards[#cards + 1] = h end
  end
  E.pick { seat = ctx.args.seat, cards = cards, prompt = "fx_village.spoiled_prompt", then_fn = M.sickened }
end

function M.sickened(ctx)
  local hero = E.picked(ctx)
  local turn = C.turn()
  if not turn.spoiled_victims then turn.spoiled_victims = {} end
  turn.spoiled_victims[C.key(hero)] = true
  C.mark(hero)
end

return M
