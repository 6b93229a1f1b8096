-- The vampire (components §5 M5): at the start of its turn the Lord may turn
-- it into a bat until the turn ends: movement `bat_move`, attacks
-- `bat_attacks`. Offered in L3 while it has taken no step this turn.
-- The var `bats` = {turn, ids}: the bats of Lord turn `turn`.
local T = tabula
local names = require "rules.names"
local movement = require "rules.movement"
local lord_combat = require "rules.lord_combat"
local M = {}

local function is_bat(id)
  local bats = T.var("bats")
  if not bats or bats.turn ~= T.var("lord_turn") then return false end
  for _, b in ipairs(bats.ids) do
    if b == id then return true end
  end
  return false
end

M.extend = {
  l3_actions = function(ctx)
    local v = ctx.self
    if not lord_combat.on_board(v) or is_bat(v) or T.get(v, "steps") > 0 or not movement.may_act(v, "move") then
      return nil
    end
    return { { id = "bat:" .. v, label = { "bat.become", monster = v, field = names.of(T.where(v)) }, on_choice = M.become_bat } }
  end,
}

function M.become_bat(ctx)
  local v = math.tointeger(tonumber(ctx.choice:match("^bat:(%d+)$")))
  local bats = T.var("bats")
  if not bats or bats.turn ~= T.var("lord_turn") then
    T.set_var("bats", { turn = T.var("lord_turn"), ids = { v } })
  else
    bats.ids[#bats.ids + 1] = v
  end
end

local function prop(ctx, name) return T.def_get(T.def(ctx.self), name) end

M.modify = {
  move = function(ctx)
    if ctx.args.figure == ctx.self and is_bat(ctx.self) then return prop(ctx, "bat_move") end
    return nil
  end,
  attacks = function(ctx)
    if ctx.args.figure == ctx.self and is_bat(ctx.self) then return prop(ctx, "bat_attacks") end
    return nil
  end,
}

return M
