-- Vargen's Brutal Bite (L3), components §3.10: once per turn, when he kills
-- a strong monster, he heals the ability's `heal` besides the XP
-- (rules/passives.lua, bite).
local P = require "rules.passives"
local M = {}

M.on = {
  monster_killed = function(ctx) P.bite(ctx) end,
}

return M
