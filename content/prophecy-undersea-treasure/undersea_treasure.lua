-- Undersea Treasure (WR §3.5.5, TV-65): the King on the palace, no Pearls,
-- +1 to both his attributes in the palace, and the game ends the moment he
-- is beaten: his conqueror wins.
local T = tabula
local board = require "rules.board"
local names = require "rules.names"
local M = {}

local PALACE = "water_6_4"

function M.place_king()
  T.create("undersea_king", PALACE)
end

M.modify = {
  pearls_in_game = function() return 0 end,
  combat_bonus = function(ctx)
    local f = ctx.args.fighter
    if T.def(f) == "undersea_king" and board.where(f) == PALACE then return ctx.args.amount + T.param("undersea_king_bonus") end
    return ctx.args.amount
  end,
}

M.on = {
  fight_over = function(ctx)
    local f = ctx.args
    if f.purpose ~= "palace" or f.result ~= "win" or T.def(f.defender) ~= "undersea_king" then return end
    local seat = T.owner(f.attacker)
    local scores = {}
    for s = 1, T.seats() do scores[s] = s == seat and 1 or 0 end
    T.game_over({ winners = { seat }, scores = scores }, { "undersea_treasure.won", who = names.who(f.attacker) })
  end,
}

return M
