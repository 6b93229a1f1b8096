-- Sapphire Dragon (§6.7.2): TREASURE: when its owner defeats a Monster he
-- may set it aside with this card (one Monster per Dragon); at the end of
-- the game both return to his deck (score.lua gathers what lies face up
-- aside with the rest of a player's cards). The Monster's property `under`
-- names the Dragon it lies with.
local T = tabula
local MB = require "cards.scripts.lib.monster_battle"
local M = { on = {} }

function M.on.monster_defeated(ctx)
  local seat, m = ctx.args.seat, ctx.args.monster
  if T.where(ctx.self) ~= "aside" or T.owner(ctx.self) ~= seat or MB.under(ctx.self) then return end
  if T.where(m) ~= "discard" then return end
  T.decide { seat = seat, prompt = { "fx_monster.sapphire_prompt", monster = m, card = ctx.self },
    options = { { id = "yes", label = "fx_monster.yes" }, { id = "no", label = "fx_monster.no" } },
    on_choice = "set_aside", args = { seat = seat, monster = m } }
end

function M.set_aside(ctx)
  if ctx.choice ~= "yes" then return end
  local m = ctx.args.monster
  T.move(m, "aside", ctx.args.seat)
  MB.set_under(ctx.self, m)
  T.log { "fx_monster.log_set_aside", seat = ctx.args.seat, monster = m, card = ctx.self }
end

return M
