-- Treasure Hunters (WR §3.5.4, Q-20): fame for every dig, guardian cards
-- as maps, and the end of the game.
--
-- A character that beats a greater guardian takes its card face down into
-- its maps (its sphere holds no artifact): it counts exactly like a Map
-- Part, may be lost in a fight for maps, and leaves the game when spent
-- (island/maps.lua). A dig earns as much fame as the maps spent (the event
-- `treasure_dug`). The game ends when no shown treasure is left, or as soon
-- as every other character's fame plus the maps of all shown treasures is
-- below the leader's (Q-20: catching up means at least equalling). Most
-- fame wins; among those tied, the most maps held (guardian cards
-- included); a tie that remains shares the win.
-- The base's round limit (not a rule: it starts the Apocalypse so that
-- every game ends) ends this game at once, by the same count: the
-- Apocalypse's last survivor decides only artifact games.
local T = tabula
local board = require "rules.board"
local names = require "rules.names"
local M = {}

local function fame(seat) return T.counter(seat, "fame") or 0 end

function M.finish(why)
  local scores, best = {}, 0
  for s = 1, T.seats() do
    scores[s] = fame(s)
    best = math.max(best, scores[s])
  end
  local top, most = {}, 0
  for s = 1, T.seats() do
    if scores[s] == best then
      top[#top + 1] = s
      most = math.max(most, T.count("maps", s))
    end
  end
  local winners, who = {}, {}
  for _, s in ipairs(top) do
    if T.count("maps", s) == most then
      winners[#winners + 1] = s
      who[#who + 1] = names.who(board.character(s))
    end
  end
  T.game_over({ winners = winners, scores = scores },
              { "hunters.won", who = who, n = best, why = { "hunters.why_" .. why } })
end

function M.check()
  local shown = T.zone("treasures")
  if #shown == 0 then return M.finish("all_dug") end
  local left = 0
  for _, tr in ipairs(shown) do left = left + T.get(tr, "maps") end
  local leader, best = nil, -1
  for s = 1, T.seats() do
    if fame(s) > best then leader, best = s, fame(s) end
  end
  for s = 1, T.seats() do
    if s ~= leader and fame(s) + left >= best then return end
  end
  M.finish("uncatchable")
end

M.on = {
  guardian_beaten = function(ctx)
    local card = ctx.args.card
    if T.get(card, "rank") ~= "greater" then return end
    -- Named while it still lies face up where it was beaten, in front of
    -- everyone; then it joins its winner's Map Parts, face down.
    T.log({ "hunters.guardian_map", who = names.who(ctx.args.character), card = card })
    T.move(card, "maps", ctx.args.seat)
    T.turn(card, false)
  end,

  treasure_dug = function(ctx)
    local seat = ctx.args.seat
    T.set_counter(seat, "fame", fame(seat) + ctx.args.maps)
    T.log({ "hunters.fame", who = names.who(ctx.args.character), n = ctx.args.maps, total = fame(seat) })
    M.check()
  end,

  apocalypse = function() M.finish("round_limit") end,
}

return M
