-- Asks with a continuation of rules/zeta.lua, passed by value.
local zeta = require "rules.zeta"
local M = {}

function M.ask()
  tabula.decide { seat = 1, prompt = "which", options = { "a", "b" }, on_choice = zeta.answered }
end

return M
