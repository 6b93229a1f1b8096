-- The end of the game (§5.10): the Thunderstone reached Rank 1. The player
-- who defeated the monster of Rank 1 this turn claims it, unless a Guardian
-- stands in Rank 0. Each player's VP are those of every card he owns (deck,
-- hand, discard, what is in play, and what lies face up aside: a Sapphire
-- Dragon's monster returns to the deck at the end; a card hidden under an
-- Emerald Dragon does not) plus end-of-game bonuses that cards give
-- (`extend.final_vp`). Most VP wins; among the tied, the owner of the
-- Thunderstone; else they share the win.
local T = tabula
local C = require "rules.cards"
local M = {}

local OWNED = { "deck", "hand", "discard", "aside", "play" }

function M.thunderstone_reached(ts, seat)
  local turn = C.turn()
  if turn.claim and T.count("rank0") == 0 then
    C.gain(ts, seat)
    T.log { "log.claimed", seat = seat, card = ts }
  end
  T.log { "log.thunderstone", card = ts }
  M.finish()
end

-- Gathers each seat's cards into its play zone, so that the cards'
-- end-of-game listeners hear (their scope is the play zone).
local function gather(seat)
  for _, z in ipairs(OWNED) do
    if z ~= "play" then
      for _, c in ipairs(T.zone(z, seat)) do
        if z ~= "aside" or T.face_up(c) then T.move(c, "play", seat) end
      end
    end
  end
end

function M.vp(seat)
  local total = 0
  for _, c in ipairs(T.zone("play", seat)) do total = total + T.get(c, "vp") end
  for _, n in ipairs(T.collect("final_vp", { seat = seat })) do total = total + n end
  return total
end

function M.finish()
  local scores, best = {}, nil
  for seat = 1, T.seats() do gather(seat) end
  for seat = 1, T.seats() do
    scores[seat] = M.vp(seat)
    if not best or scores[seat] > best then best = scores[seat] end
  end
  local tied = {}
  for seat = 1, T.seats() do if scores[seat] == best then tied[#tied + 1] = seat end end
  local winners = tied
  if #tied > 1 then
    for _, seat in ipairs(tied) do
      for _, c in ipairs(T.zone("play", seat)) do
        if C.type(c) == "thunderstone" then winners = { seat } end
      end
    end
  end
  T.set_var("final_scores", scores)
  local text = #winners == 1 and { "result.winner", seat = winners[1], vp = best }
    or { "result.shared", seats = winners, vp = best }
  T.game_over({ winners = winners, scores = scores }, text)
end

return M
