-- TR8 Scroll of Brotherhood (dorn.md §6.9): another hero, anywhere on the
-- board, heals `heal` lives; the reader pays `life_cost` lives.
local T = tabula
local treasures = require "rules.treasures"
local board = require "rules.board"
local wounds = require "rules.wounds"
local M = {}

local function others(hero)
  local out = {}
  for _, h in ipairs(board.all("hero")) do
    if h ~= hero then out[#out + 1] = h end
  end
  return out
end

function M.use(ctx)
  local item, hero = treasures.begin(ctx)
  local options = {}
  for _, h in ipairs(others(hero)) do options[#options + 1] = { id = h, entity = h } end
  T.decide { seat = ctx.args.seat, prompt = { "item.target", item = item }, options = options,
             on_choice = M.target, args = { item = item, hero = hero } }
end

function M.target(ctx)
  local item, hero = ctx.args.item, ctx.args.hero
  wounds.heal(ctx.choice, T.get(item, "heal"), { by = hero, how = "item", card = item })
  treasures.finish(item, hero)
end

M.extend = {
  h2_actions = function(ctx)
    local offer = treasures.offer(ctx, M.use)
    if offer and #others(T.get(ctx.self, "held_by")) > 0 then return offer end
    return nil
  end,
}

return M
