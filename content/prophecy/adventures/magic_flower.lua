-- The Magic Flower (D-26): only a wounded character may smell it, and it
-- gets all its lives back.
local T = tabula
local C = require "items.cards"
local monsters = require "rules.monsters"
local resources = require "rules.resources"
local M = {}

local function missing(char) return resources.max_lives(char) - T.get(char, "lives") end

function M.smell(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  C.refresh(t.char, card, missing(t.char), 0)
  monsters.discard(card)
end

M.extend = {
  space_options = function(ctx)
    local char = ctx.args.character
    if not C.lies_here(ctx) or not C.helps(char, ctx.self, missing(char), 0) then return nil end
    return { C.option(ctx.self, { "card.magic_flower.smell", card = ctx.self }, M.smell) }
  end,
}

return M
