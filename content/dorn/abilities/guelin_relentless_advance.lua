-- Guelin's Relentless Advance (L1), components §3.8, dorn.md §5.2: he may
-- make his attacks in the movement phase (H2), before he or any other hero
-- has walked a step this turn. They are H3's attacks made early: the H3
-- pipeline offers them and counts them against the same budget, so H3
-- has fewer left.
local T = tabula
local P = require "rules.passives"
local board = require "rules.board"
local hero_combat = require "rules.hero_combat"
local M = {}

local function nobody_walked()
  for _, h in ipairs(board.all("hero")) do
    if T.get(h, "steps") > 0 then return false end
  end
  return true
end

M.extend = {
  h2_actions = function(ctx)
    local guelin = P.ready(ctx.self)
    if not guelin or not P.effect(ctx.self, "attacks_before_moving") or T.owner(guelin) ~= ctx.args.seat then return nil end
    if not P.heroes_turn() or not nobody_walked() then return nil end
    return hero_combat.attack_options(guelin)
  end,
}

return M
