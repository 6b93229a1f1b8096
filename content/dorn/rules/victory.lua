-- Victory, dorn.md §4.15. The Lord is seat 1 and wins alone; the hero
-- players win together.
local T = tabula
local board = require "rules.board"
local M = {}

local LORD = 1

-- The game ends inside a turn (tabula.game_over), never by a count.
function M.never() return false end

function M.lord_wins(why) T.game_over({ winners = { LORD }, winner = "lord" }, why) end

function M.heroes_win(why) T.game_over({ winners = T.group("heroes"), winner = "heroes" }, why) end

-- §4.15.4: either side may concede; the other side wins. Any hero player
-- concedes for the heroes, who play as one team.
function M.concede(seat)
  if seat == LORD then M.heroes_win("result.lord_conceded") else M.lord_wins("result.heroes_conceded") end
end

-- §4.15.1 and §4.15.3: Zorkal at 0 lives, or no hero left (a hero away
-- through The Astral Traveller is still in the game). Run after every
-- change of lives (the combat of §5 calls it) and at the start of each turn.
function M.check()
  local z = board.all("lord_figure")[1]
  if z and board.life(z) <= 0 then
    M.heroes_win("result.zorkal_slain")
  elseif #board.all("hero") == 0 and T.count("astral") == 0 then
    M.lord_wins("result.heroes_eliminated")
  end
end

-- §4.15.2, at the end of each Lord turn: the Ritual Room full (any
-- figures: monsters, heroes, Zorkal) for `final_ritual_turns` turns running.
function M.final_ritual()
  local full = true
  for _, f in ipairs(T.nodes("board", "region:ritual_room")) do
    if #board.figures(f) == 0 then full = false break end
  end
  local streak = full and T.var("ritual_streak") + 1 or 0
  T.set_var("ritual_streak", streak)
  if streak >= T.param("final_ritual_turns") then M.lord_wins("result.final_ritual") end
end

return M
