-- Sea Sense (D-34 WP-12): once a turn in the realm, the holder looks at one
-- face-down water card on a cell next to it; only its seat sees it.
local T = tabula
local C = require "items.cards"
local realm = require "water.realm"
local M = {}

function M.look(ctx)
  local card, seen = C.chosen(ctx.choice)
  local _, seat = T.where(card)
  T.set(card, "used_on", T.var("turn").n)
  T.reveal(seen, seat)
  T.log({ "water.log.sensed", card = seen }, seat)
end

M.extend = {
  realm_options = function(ctx)
    local char = ctx.args.character
    if C.holder(ctx.self) ~= char or not realm.is_water(ctx.args.cell) then return nil end
    if T.get(ctx.self, "used_on") == T.var("turn").n then return nil end
    local out = {}
    for _, cell in ipairs(T.adjacent(ctx.args.cell)) do
      for _, c in ipairs(realm.cards(cell)) do
        if not T.face_up(c) and not T.known(c, ctx.args.seat) then
          out[#out + 1] = C.option(ctx.self, { "water.card.sense", cell = { "water.cells." .. cell } }, M.look, c)
        end
      end
    end
    return out
  end,
}

return M
