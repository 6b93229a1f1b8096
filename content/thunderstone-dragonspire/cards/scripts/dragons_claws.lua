-- Dragon's Claws (§6.7.1): TRAP: each player reveals a Thief, or reveals
-- his hand and destroys every Villager in it. The choice is the player's:
-- one who holds a Thief and a Villager is asked (he may want the Villagers
-- gone); with a Thief and no Villager he shows the Thief, a part of what
-- his hand would show. The active player's hand is what he revealed this
-- turn (in play) and what is still in his hand.
local T = tabula
local C = require "rules.cards"
local MB = require "cards.scripts.lib.monster_battle"
local M = {}

local function villagers(seat)
  local out = {}
  for _, z in ipairs({ "play", "hand" }) do
    for _, c in ipairs(T.zone(z, seat)) do
      if T.has_tag(c, "villager") then out[#out + 1] = c end
    end
  end
  return out
end

local function resolve(seat, thief)
  if thief then
    C.show(thief, { "fx_monster.log_thief", seat = seat, card = thief })
    return
  end
  for _, c in ipairs(villagers(seat)) do C.destroy(c) end
end

function M.claw(ctx)
  local seat = ctx.args.seat
  local thief, lost = MB.thief(seat), villagers(seat)
  if not thief or #lost == 0 or C.shielded(seat) then return resolve(seat, thief) end
  T.decide { seat = seat, prompt = { "fx_monster.claws_prompt", card = thief, n = #lost },
    options = { { id = "thief", label = { "fx_monster.reveal_thief", card = thief } },
      { id = "villagers", label = { "fx_monster.lose_villagers", n = #lost } } },
    on_choice = M.clawed, args = { seat = seat, thief = thief } }
end

function M.clawed(ctx) resolve(ctx.args.seat, ctx.choice == "thief" and ctx.args.thief or nil) end

function M.trap(_ctx)
  for seat = 1, T.seats() do T.schedule(M.claw, { seat = seat }) end
end

return M
