-- The Lord's turn, dorn.md §4.2: L0, L5, L6 (L1 is rules/rituals.lua, L2
-- rules/summon.lua, L3 rules/movement.lua, L4 rules/lord_combat.lua).
local T = tabula
local board = require "rules.board"
local victory = require "rules.victory"
local effects = require "rules.effects"
local M = {}

-- L0: the turn's number; a Gate that was to open opens (§4.6.3); nothing
-- has moved or been summoned yet.
-- `turn_started` lets cards and abilities reset what they count per turn.
function M.start()
  T.set_var("lord_turn", T.var("lord_turn") + 1)
  T.set_var("side", "lord")
  if T.var("gate") == "pending" then T.set_var("gate", "open") end
  for _, kind in ipairs { "monster", "lord_figure" } do
    for _, id in ipairs(board.all(kind)) do T.set(id, "steps", 0) end
  end
  T.set_var("summon", { weak = 0, strong = 0, paid = 0, done = false })
  T.set_var("lord_moves_done", false)
  T.emit("turn_started", { side = "lord" })
  victory.check()
end

-- §4.6.2: a bonus for a first Artifact pick-up not spent in this L2 lapses.
function M.summoned() T.set_var("first_pickups_pending", 0) end

-- L5: turn the Day/Night token. Lord turn N is a Day turn when N is odd.
function M.day_night() T.set_var("day", T.var("lord_turn") % 2 == 0) end

-- L6 (a): the Final Ritual check; (c) the effects that last this Lord turn
-- end. (b) Zorkal's level-up (§4.11.2) comes with experience.
function M.finish()
  victory.final_ritual()
  T.emit("turn_ended", { side = "lord" })
  T.schedule(M.expire, { side = "lord" })
end

-- After every `turn_ended` listener: the effects of the turn end.
function M.expire(ctx) effects.expire(ctx.args.side) end

return M
