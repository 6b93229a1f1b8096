-- Armoury (D-27): instead of the turn's movement, the holder repairs one
-- of its damaged items (artifacts too: they are items held apart).
local T = tabula
local C = require "items.cards"
local movement = require "rules.movement"
local names = require "rules.names"
local M = {}

function M.repair(ctx)
  local t = T.var("turn")
  local card, item = C.chosen(ctx.choice)
  movement.done()
  T.set(item, "damaged", false)
  T.log({ "card.armoury.repaired", card = card, who = names.who(t.char), item = item })
end

M.extend = {
  move_options = function(ctx)
    if not C.mine(ctx) then return nil end
    local out = {}
    for _, zone in ipairs { "items", "artifacts" } do
      for _, it in ipairs(T.zone(zone, ctx.args.seat)) do
        if T.get(it, "damaged") then
          out[#out + 1] = C.option(ctx.self, { "card.armoury.repair", card = ctx.self, item = it }, M.repair, it)
        end
      end
    end
    return out
  end,
}

return M
