-- Vargen's Stale Bite (L2), components §3.10: once per turn, when he kills
-- a skeleton or a zombie, he heals the ability's `heal` besides the XP
-- (rules/passives.lua, bite).
local P = require "rules.passives"
local M = {}

M.on = {
  monster_killed = function(ctx) P.bite(ctx) end,
}

return M
