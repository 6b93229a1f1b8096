-- SCAFFOLD (this branch only): the Dorn rules are not written yet. The pack
-- holds the catalogue (cards/*.toml, pack.toml [params]); this one hook lets
-- it load and lets the conformance test play it: the game ends at once with
-- nobody winning. Replace it with the rules of dorn.md §3-§5.
local T = tabula
local M = {}

function M.scaffold_end()
  T.game_over({ winners = {} }, "result.scaffold")
end

return M
