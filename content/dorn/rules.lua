-- Dorn's rules script. For now it only ends the game: this branch holds the
-- board as data (pack.toml's BOARD section) and the rules come later.
local T = tabula
local M = {}

-- SCAFFOLDING: the flow's only step. Nobody wins a game that has no rules yet.
function M.scaffold()
  T.game_over({ winners = {} }, "dorn.scaffold")
end

return M
