-- Hydra (§6.5). BREACH: each player (OQ-37: the active one too) discards
-- cards from the top of his deck until a Hero is revealed and destroys
-- that Hero; when the deck runs out the discard pile is shuffled into it
-- (§4.0), and he stops once every card of both has been revealed.
-- BATTLE: each player reveals 2 Heroes (or a hand with fewer) and destroys
-- the strongest of them: the active player from his party (it fights on),
-- the others from their hands. Each picks the Hero he loses among those
-- his reveal can make the strongest.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local MB = require "cards.scripts.lib.monster_battle"
local M = {}

local function dig(seat)
  local left = T.count("deck", seat) + T.count("discard", seat)
  while left > 0 do
    left = left - 1
    local c = C.top_of_deck(seat)
    if not c then return end
    if C.is_hero(c) then
      C.destroy(c)
      return
    end
    C.discard(c, seat)
  end
end

function M.breach(ctx)
  local seat = ctx.args.seat
  dig(seat)
  for _, s in ipairs(C.others(seat)) do dig(s) end
end

function M.battle(ctx)
  local seat, me = ctx.args.seat, ctx.self
  local jobs = { { seat = seat, n = E.n(me, "destroy"), pick = "hydra", reveal = E.n(me, "reveal"),
    prompt = "fx.hero_destroyed" } }
  for _, s in ipairs(C.others(seat)) do
    jobs[#jobs + 1] = { seat = s, zone = "hand", how = "now", n = E.n(me, "destroy"), pick = "hydra",
      reveal = E.n(me, "reveal"), prompt = "fx.hero_destroyed" }
  end
  MB.run(jobs)
end

return M
