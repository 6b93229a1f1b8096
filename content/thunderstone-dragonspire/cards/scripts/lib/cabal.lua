-- The Cabal heroes (§6.3): Magic Attack +N for each Spell you play. A Spell
-- is played (OQ-26) when it is revealed and its effect used this turn: a
-- Spell in play that adds to the battle by itself (printed Attack, Magic
-- Attack or Light, or its script's battle bonus: Frost Bolt, Silverstorm),
-- and any Spell whose effect the player used this turn (Polymorph, Burnt
-- Offering), each once; a Spell used again through Bluefire Staff counts
-- once more (OQ-26).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local L = {}

local function gives(card)
  return T.get(card, "attack") ~= 0 or T.get(card, "magic") ~= 0 or T.get(card, "light") ~= 0
    or T.handles(card, "extend.battle")
end

function L.spells_played(seat)
  local seen, n = {}, 0
  for _, c in ipairs(C.party(seat)) do
    if T.has_tag(c, "spell") and gives(c) then
      seen[C.key(c)] = true
      n = n + 1
    end
  end
  for key in pairs(C.turn().used) do
    local id = key:match("^(%d+):")
    if id and not seen[id] and T.has_tag(tonumber(id), "spell") then
      seen[id] = true
      n = n + 1
    end
  end
  return n + #(C.turn().bluefire_doomed or {})
end

function L.battle(ctx)
  return E.give(ctx, { magic = E.n(ctx.self, "per_spell") * L.spells_played(ctx.args.seat) })
end

return L
