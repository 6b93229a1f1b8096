-- The Fight for Maps (WR §3.4.8, §4.4 item 5.5, TV-59, TV-70). When a
-- character attacks another and both hold a map, the attacker may declare
-- a fight for maps: an option of the base's fight decision (the extension
-- point `pvp_options`), offered only against the characters the base lets
-- it attack (no monster on the space; on a dove space only one holding an
-- artifact). The fight runs by the standard rules, the choice of combat
-- type included, with the purpose "map_fight". The winner gains no
-- experience and the loser loses no life and no item: it gives the winner
-- one of its maps. A draw changes nothing (Q-14). The param `map_fights`
-- (false: the Peaceful and Aggressive variants) takes the option away.
local T = tabula
local combat = require "rules.combat"
local maps = require "island.maps"
local names = require "rules.names"
local options = require "std.options"
local pvp = require "rules.pvp"
local M = {}

local function foes(seat, targets)
  local out = {}
  if maps.held(seat) == 0 then return out end
  for _, c in ipairs(targets) do
    if maps.held(T.owner(c)) > 0 then out[#out + 1] = c end
  end
  return out
end

function M.attack(ctx)
  local t = T.var("turn")
  local foe = options.entity(foes(t.seat, pvp.targets(t.char)), "maps:", ctx.choice)
  t.pvp = true
  T.log({ "island.log.map_fight", who = names.who(t.char), foe = names.who(foe) })
  combat.start { attacker = t.char, defender = foe, purpose = "map_fight" }
end

M.extend = {
  pvp_options = function(ctx)
    if not T.param("map_fights") then return nil end
    local out = options.for_entities(foes(ctx.args.seat, ctx.args.targets), "maps:", function(c)
      return { "island.map_fight", foe = names.who(c) }
    end)
    for _, o in ipairs(out) do o.on_choice = M.attack end
    return out
  end,
}

M.on = {
  fight_over = function(ctx)
    local f = ctx.args
    if f.purpose ~= "map_fight" then return end
    if f.result == "draw" then return T.log("island.log.map_fight_draw") end
    maps.give(f.loser, f.winner)
  end,
}

return M
