-- R10 Thorny Portals (dorn.md §6.7): for the rest of the game a hero loses
-- `life_loss` lives each time he steps onto a Teleport; monsters do
-- not. Only his own steps count (an `entered` without `how`), not being put
-- there by a card. The Lord gets the Blood Drops as for any wound.
local T = tabula
local board = require "rules.board"
local wounds = require "rules.wounds"
local rituals = require "rules.rituals"
local M = {}

function M.play() end

M.on = {
  entered = function(ctx)
    local id = ctx.args.figure
    if rituals.data(ctx) and not ctx.args.how and T.kind(id) == "hero" and board.twin(ctx.args.field) then
      wounds.deal(id, T.get(ctx.self, "life_loss"), { how = "ritual", card = ctx.self })
    end
  end,
}

return M
