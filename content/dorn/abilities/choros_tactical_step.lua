-- Choros's Tactical Step (L1), components §3.3: each time he kills a
-- monster he may step onto the field it stood on (`effect.step_into_kill`).
-- The step is no walk of his movement (his `steps` stay), but he enters the
-- field as after any step (`entered`: Treasures, Artifacts).
local T = tabula
local names = require "rules.names"
local P = require "rules.passives"
local board = require "rules.board"
local M = {}

function M.chosen(ctx)
  local choros = P.ready(ctx.self)
  local field = ctx.args.field
  if ctx.choice ~= "step" or not choros or not board.may_stop(choros, field) then return end
  local from = board.field(choros)
  T.move(choros, field)
  T.emit("entered", { figure = choros, field = field, from = from })
end

M.on = {
  monster_killed = function(ctx)
    local choros = P.ready(ctx.self)
    local field = ctx.args.field
    if not choros or ctx.args.by ~= choros or not P.effect(ctx.self, "step_into_kill") then return end
    if not board.may_stop(choros, field) or board.field(choros) == field then return end
    T.decide { seat = T.owner(choros), prompt = { "passive.tactical_step", hero = choros, field = names.of(field) },
               options = { { id = "step", label = { "passive.step", hero = choros, field = names.of(field) } },
                           { id = "stay", label = { "passive.stay", hero = choros } } },
               on_choice = M.chosen, args = { field = field } }
  end,
}

return M
