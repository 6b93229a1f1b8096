-- The Stoneguard heroes (§6.3): Attack +N more if equipped (a hero that
-- carried a weapon at any time this battle, §5.1), Attack +1 for each
-- Mercenary you reveal (Bruiser, Tanker: `per_mercenary`).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local battle = require "rules.battle"
local L = {}

function L.battle(ctx)
  local a = 0
  if battle.equipped(ctx.self) then a = a + E.n(ctx.self, "equipped_attack") end
  local per = T.get(ctx.self, "effect").per_mercenary
  if per then a = a + per * #C.with_tag(ctx.args.seat, "mercenary") end
  return E.give(ctx, { attack = a })
end

return L
