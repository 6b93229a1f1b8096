-- The Master Wizard (D-26): pay effect.gold gold to move to any space of
-- the base board. The move ends the turn's use of the space (the character
-- arrives when the turn ends): turn.space_done.
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local monsters = require "rules.monsters"
local movement = require "rules.movement"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

function M.use(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  C.ask_space(t.seat, card, C.other_spaces(board.where(t.char)), M.go)
end

function M.go(ctx)
  local t = T.var("turn")
  local card = ctx.args.card
  local gold = T.get(card, "effect").gold
  resources.pay(t.seat, "gold", gold)
  T.log({ "card.master_wizard.paid", card = card, who = names.who(t.char), gold = gold })
  monsters.discard(card)
  movement.put(t.char, ctx.choice, "card")
  t.space_done = true
end

M.extend = {
  space_options = function(ctx)
    local gold = T.get(ctx.self, "effect").gold
    if not C.lies_here(ctx) or resources.gold(ctx.args.seat) < gold then return nil end
    return { C.option(ctx.self, { "card.master_wizard.use", card = ctx.self, gold = gold }, M.use) }
  end,
}

return M
