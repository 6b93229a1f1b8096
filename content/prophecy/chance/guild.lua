-- A guild's card (PB §6.2): that guild shows a new ability.
local T = tabula
local guilds = require "rules.guilds"
local M = {}

function M.resolve(ctx) guilds.new_offer(T.get(ctx.self, "guild")) end

return M
