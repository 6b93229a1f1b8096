-- Inferno (§6.5): GLOBAL Light +3 and Immune to Magic Attack are props.
-- SPOILS: reveal the top 3 cards of each opponent's deck; every revealed
-- Monster worth 3 VP or less goes to the active player's discard pile; the
-- other cards go back on top in the same order (OQ-27).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local MB = require "cards.scripts.lib.monster_battle"
local M = {}

function M.spoils(ctx)
  local seat = ctx.args.seat
  for _, other in ipairs(C.others(seat)) do
    local back = {}
    for _, c in ipairs(MB.reveal(other, E.n(ctx.self, "reveal"))) do
      T.log { "fx_monster.log_revealed", seat = other, card = c }
      if MB.is_monster(c) and T.get(c, "vp") <= E.n(ctx.self, "max_vp") then
        C.gain(c, seat)
        T.log { "fx_monster.log_taken", seat = seat, card = c }
      else
        back[#back + 1] = c
      end
    end
    MB.put_back(other, back)
  end
end

return M
