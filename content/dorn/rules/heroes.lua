-- The heroes' turn, dorn.md §4.3: H0, H4, H5 (H1 is rules/blessings.lua,
-- H2 rules/movement.lua, H3 rules/hero_combat.lua).
local T = tabula
local board = require "rules.board"
local victory = require "rules.victory"
local wounds = require "rules.wounds"
local lord = require "rules.lord"
local M = {}

-- H0: every hero's steps of the turn start at 0.
function M.start()
  T.set_var("side", "heroes")
  for _, id in ipairs(board.all("hero")) do T.set(id, "steps", 0) end
  T.set_var("hero_moves_done", false)
  T.emit("turn_started", { side = "heroes" })
  victory.check()
end


-- H4: a hero in Argos, on a Healing Fountain or before the Seer's hut heals
-- up to `heal_on_field` lives, never above his level's lives (§4.12). The
-- channel `heal_on_field` lets a card change that (Black Fountain). Then the
-- event `h4_healing`.
function M.healing()
  for _, id in ipairs(board.all("hero")) do
    local f = board.field(id)
    if board.tagged(f, "multi_hero") or board.tagged(f, "fountain") or board.tagged(f, "seer_front") then
      local n = T.modify("heal_on_field", T.param("heal_on_field"), { figure = id, field = f })
      wounds.heal(id, n, { how = "field" })
    end
  end
  -- Abilities that heal "at the end of the turn" answer `h4_healing`
  -- (OQ-35: here in H4, after the board's healing, before level-ups).
  T.emit("h4_healing", { side = "heroes" })
end

-- H5: the end of the effects that last this heroes' turn. Level-ups
-- (§4.11.1) come with experience.
function M.finish()
  T.emit("turn_ended", { side = "heroes" })
  T.schedule(lord.expire, { side = "heroes" })
end

return M
