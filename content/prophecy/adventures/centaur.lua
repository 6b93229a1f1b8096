-- The Centaur (D-26): carries the character to any space up to
-- effect.steps ring steps away, either way, or to a space of the base
-- board off the circle (Treasure Island, WR §3.4.5 item 6). The move ends
-- the turn's use of the space (the character arrives when the turn ends): turn.space_done.
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local monsters = require "rules.monsters"
local movement = require "rules.movement"
local M = {}

function M.use(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  local here = board.where(t.char)
  local spaces = C.within(here, T.get(card, "effect").steps)
  for _, s in ipairs(C.off_circle(here)) do spaces[#spaces + 1] = s end
  C.ask_space(t.seat, card, spaces, M.go)
end

function M.go(ctx)
  local t = T.var("turn")
  C.used(t.char, ctx.args.card)
  monsters.discard(ctx.args.card)
  movement.put(t.char, ctx.choice, "card")
  t.space_done = true
end

M.extend = {
  space_options = function(ctx)
    if not C.lies_here(ctx) then return nil end
    local steps = T.get(ctx.self, "effect").steps
    if #C.within(ctx.args.space, steps) == 0 then return nil end
    return { C.option(ctx.self, { "card.centaur.use", card = ctx.self, steps = steps }, M.use) }
  end,
}

return M
