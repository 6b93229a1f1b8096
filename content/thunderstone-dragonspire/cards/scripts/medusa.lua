-- Medusa (§6.5): BATTLE: destroy 1 Hero without an Edged Weapon before your
-- total Attack is determined: it leaves play at once and does not fight
-- (§5.2 step 3, "unless the card says otherwise"). At the end of the
-- battle every other Hero without an Edged Weapon is destroyed too. An
-- Edged Weapon counts while its Hero carries it and it is still in play.
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  MB.destroy { seat = ctx.args.seat, n = E.n(ctx.self, "destroy"), pick = "without_edged", how = "now",
    prompt = "fx.hero_destroyed" }
end

function M.end_of_battle(ctx) MB.destroy_all { seat = ctx.args.seat, pick = "without_edged" } end

return M
