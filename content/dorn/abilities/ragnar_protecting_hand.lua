-- Ragnar's Protecting Hand (components §3.5), once per turn: one block of
-- his Parry may stop an attack on a hero next to him. Offered in that
-- hero's block decision (L4), while Ragnar still has a block left.
local T = tabula
local abilities = require "rules.abilities"
local reach = require "rules.reach"
local lord_combat = require "rules.lord_combat"
local M = {}

M.extend = {
  l4_blocks = function(ctx)
    local a, hero = ctx.self, ctx.args.hero
    local holder = T.get(a, "holder")
    if not abilities.active(a) or hero == holder or not lord_combat.on_board(holder) then return nil end
    if not reach.adjacent(T.where(holder), T.where(hero)) or lord_combat.blocks_left(holder) <= 0 then return nil end
    if not lord_combat.unused(a) then return nil end
    local out = {}
    for _, o in ipairs(lord_combat.open_attacks(hero)) do
      out[#out + 1] = { id = "hand:" .. a .. ":" .. o.k, label = { "l4.hand", holder = holder, attacker = o.by },
                        on_choice = M.lend }
    end
    return out
  end,
}

function M.lend(ctx)
  local a, k = ctx.choice:match("^hand:(%d+):(%d+)$")
  a, k = math.tointeger(tonumber(a)), math.tointeger(tonumber(k))
  lord_combat.use_once(a)
  lord_combat.block_with(k, T.get(a, "holder"), "hand")
end

return M
