-- Asks with a continuation of rules/zeta.lua, passed by value, then with
-- one of rules/helper.lua, a module only required.
local zeta = require "rules.zeta"
local helper = require "rules.helper"
local M = {}

function M.ask()
  tabula.decide { seat = 1, prompt = "which", options = { "a", "b" }, on_choice = zeta.answered }
  tabula.schedule("ask_again")
end

function M.ask_again()
  tabula.decide { seat = 1, prompt = "which", options = { "c", "d" }, on_choice = helper.noted }
end

return M
