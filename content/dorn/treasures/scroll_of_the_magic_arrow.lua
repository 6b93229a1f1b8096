-- TR13 Scroll of the Magic Arrow (dorn.md §6.9): `damage` wounds to
-- one enemy figure the hero reaches with `reach` within
-- `range` fields; the kill's token is his XP. It wounds Zorkal too
-- (OQ-23: it wounds for lives).
local T = tabula
local treasures = require "rules.treasures"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local M = {}

local function targets(item, hero)
  return reach.targets(hero, T.get(item, "reach"), T.get(item, "range"))
end

function M.use(ctx)
  local item, hero = treasures.begin(ctx)
  local options = {}
  for _, t in ipairs(targets(item, hero)) do options[#options + 1] = { id = t, entity = t } end
  T.decide { seat = ctx.args.seat, prompt = { "item.target", item = item }, options = options,
             on_choice = M.target, args = { item = item, hero = hero } }
end

function M.target(ctx)
  local item, hero = ctx.args.item, ctx.args.hero
  wounds.deal(ctx.choice, T.get(item, "damage"), { by = hero, how = "item", card = item })
  treasures.finish(item, hero)
end

M.extend = {
  h2_actions = function(ctx)
    local offer = treasures.offer(ctx, M.use)
    if offer and #targets(ctx.self, T.get(ctx.self, "held_by")) > 0 then return offer end
    return nil
  end,
}

return M
