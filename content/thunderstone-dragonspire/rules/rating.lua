-- How good a position is for a seat: the pack's `[pack] score`, which the
-- `greedy` seats maximise one choice ahead and `mcts` seats use to score a
-- cut playout. Not a rule: the VP of every card the seat owns (what wins,
-- §5.10) and its XP (levels heroes up, §4.6), plus the strength of an
-- average hand drawn from its cards (§1.3: a deck-builder is won by a deck
-- that buys well and kills well): gold to buy, attack, magic and light to
-- defeat monsters, hero levels, with Disease a burden. An average, not a
-- sum, so that buying a weak card or destroying one (a Militia, a
-- Disease) is rated by what it does to the next hands. Read only from the
-- seat's own cards (its deck is the one it built: its order is never
-- read) and public counters; never another seat's hand or deck.
-- The weights are the param `ai_rating`.
local T = tabula
local M = {}

local W = T.param("ai_rating")
local OWNED = { "deck", "hand", "discard", "play", "aside" }

local function power(c)
  local t = T.get(c, "type")
  if t == "disease" then return -W.disease end
  local v = W.gold * (T.get(c, "gold") or 0) + W.attack * T.get(c, "attack") + W.magic * T.get(c, "magic")
  v = v + W.light * T.get(c, "light")
  if t == "hero" then v = v + W.level * T.get(c, "level") + W.strength * T.get(c, "strength") end
  return v
end

function M.score(ctx)
  local seat = ctx.args.seat
  local vp, sum, n = 0, 0, 0
  for _, z in ipairs(OWNED) do
    for _, c in ipairs(T.zone(z, seat)) do
      if z ~= "aside" or T.face_up(c) then
        vp = vp + T.get(c, "vp")
        sum = sum + power(c)
        n = n + 1
      end
    end
  end
  local v = W.vp * vp + W.xp * (T.counter(seat, "xp") or 0)
  if n > 0 then v = v + W.hand * T.param("hand_size") * sum // n end
  return math.tointeger(v) or math.floor(v)
end

-- [pack] rounds: how many rounds the game lasted, for `tabula run`'s game
-- length §5 (a round: every player takes a turn): the flow's round counter.
function M.rounds()
  return T.var("round") or 0
end

return M
