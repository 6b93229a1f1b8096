-- R12 Zombie Frenzy (dorn.md §6.7): for the rest of the game each monster
-- of type `monster` (zombies) blocks up to `blocks_per_zombie`
-- attacks a heroes' turn. Only attacks (how = "attack"): spells, items and
-- cards are not blocked. The H3 pipeline asks `attack_cancelled` before a
-- hero's attack hits: 1 when the zombie could still block it. The block is
-- a "may" of the Lord: rules/hero_combat.lua asks him, and only his
-- `decided` block is counted (which blow is blocked decides who kills the
-- zombie and takes its token, §5.2). The record: `data.used`, a list of
-- {zombie, turn, n}.
local T = tabula
local effects = require "rules.effects"
local rituals = require "rules.rituals"
local M = {}

function M.play(ctx) effects.data(ctx.self).used = {} end

M.modify = {
  attack_cancelled = function(ctx)
    local d = rituals.data(ctx)
    local a = ctx.args
    if not d or a.amount > 0 or a.how ~= "attack" or effects.side() ~= "heroes" then return nil end
    if T.kind(a.target) ~= "monster" or T.def(a.target) ~= T.get(ctx.self, "monster") then return nil end
    local turn = T.var("lord_turn")
    for _, u in ipairs(d.used) do
      if u.zombie == a.target then
        if u.turn ~= turn then
          u.turn, u.n = turn, 0
        end
        if u.n >= T.get(ctx.self, "blocks_per_zombie") then return nil end
        if a.decided then u.n = u.n + 1 end
        return 1
      end
    end
    if T.get(ctx.self, "blocks_per_zombie") < 1 then return nil end
    if a.decided then d.used[#d.used + 1] = { zombie = a.target, turn = turn, n = 1 } end
    return 1
  end,
}

return M
