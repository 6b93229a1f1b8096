-- The heroes' turn, dorn.md §4.3: H0, H1, H3, H4, H5 (H2 is
-- rules/movement.lua).
local T = tabula
local board = require "rules.board"
local victory = require "rules.victory"
local M = {}

-- H0: every hero's steps of the turn start at 0.
function M.start()
  for _, id in ipairs(board.all("hero")) do T.set(id, "steps", 0) end
  T.set_var("hero_moves_done", false)
  victory.check()
end

-- H1: Blessings (§4.9). Not written yet: no Blessing's effect is
-- implemented, so none is offered and nothing changes.
function M.blessings() end

-- H3: attacks and spells (§5.2, §5.3). Not written yet: comes with the
-- combat pipeline; nothing changes.
function M.attack() end

-- H4: a hero in Argos, on a Healing Fountain or before the Seer's hut heals
-- up to `heal_on_field` lives, never above his level's lives (§4.12).
function M.healing()
  for _, id in ipairs(board.all("hero")) do
    local f = board.field(id)
    if board.tagged(f, "multi_hero") or board.tagged(f, "fountain") or board.tagged(f, "seer_front") then
      local most = T.def_get(T.def(id), "lives")[T.get(id, "level")]
      T.set(id, "life", math.min(most, T.get(id, "life") + T.param("heal_on_field")))
    end
  end
end

-- H5: level-ups (§4.11.1) and the end of "this turn" effects. Not written
-- yet: they come with experience and the Blessings; nothing changes.
function M.finish() end

return M
