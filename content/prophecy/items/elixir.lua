-- The Elixir (D-28): all lives and all magic back, once; used up.
local T = tabula
local C = require "items.cards"
local death = require "rules.death"
local resources = require "rules.resources"
local M = {}

local function missing(char)
  return resources.max_lives(char) - T.get(char, "lives"), resources.max_magic(char) - T.get(char, "magic")
end

function M.drink(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  local lives, magic = missing(t.char)
  C.used(t.char, card)
  C.refresh(t.char, card, lives, magic)
  death.discard(card)
end

M.extend = {
  space_options = function(ctx)
    local lives, magic = missing(ctx.args.character)
    if not C.mine(ctx) or not C.helps(ctx.args.character, ctx.self, lives, magic) then return nil end
    return { C.option(ctx.self, { "card.elixir.drink", card = ctx.self }, M.drink) }
  end,
}

return M
