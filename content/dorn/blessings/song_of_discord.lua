-- B5 Song of Discord (dorn.md §6.8): each strong monster within
-- `range` fields of the hero makes `attacks` attacks, each on
-- an adjacent weak monster the Lord picks, wounding it as an attack does
-- (`params.wound`). The hero is the one responsible (how = "blessing"), so
-- the tokens of the monsters killed are his XP. The attacks still to make:
-- the var `blessing_work`, a list of strong monsters.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local blessings = require "rules.blessings"
local M = {}

local function weak_next_to(s)
  local out = {}
  if not board.field(s) then return out end
  for _, m in ipairs(board.all("monster")) do
    if T.def_get(T.def(m), "weight") == "weak" and reach.adjacent(board.field(s), board.field(m)) then
      out[#out + 1] = m
    end
  end
  return out
end

local function attackers(h, range)
  local out = {}
  for _, m in ipairs(blessings.monsters_within(h, range)) do
    if T.def_get(T.def(m), "weight") == "strong" and #weak_next_to(m) > 0 then out[#out + 1] = m end
  end
  return out
end

M.extend = blessings.needs(function(h, card) return attackers(h, T.get(card, "range")) end)

function M.play(ctx)
  local work = {}
  for _, s in ipairs(attackers(ctx.args.hero, T.get(ctx.self, "range"))) do
    for _ = 1, T.get(ctx.self, "attacks") do work[#work + 1] = s end
  end
  T.set_var("blessing_work", work)
  M.next(ctx)
end

function M.next(ctx)
  local work = T.var("blessing_work")
  while #work > 0 do
    local s = table.remove(work, 1)
    local targets = weak_next_to(s)
    if #targets == 1 then
      M.hit(ctx, targets[1])
    elseif #targets > 1 then
      local options = {}
      for _, m in ipairs(targets) do
        options[#options + 1] = { id = m, entity = m,
                                  label = { "blessing.discord_hit", attacker = s, target = m, at = names.of(board.field(m)) } }
      end
      T.decide { seat = 1, prompt = { "blessing.discord", monster = s }, options = options, on_choice = M.chosen,
                 args = ctx.args }
      return
    end
  end
  T.set_var("blessing_work", nil)
end

function M.hit(ctx, m)
  wounds.deal(m, T.param("wound"), { by = ctx.args.hero, how = "blessing", card = ctx.self })
end

function M.chosen(ctx)
  M.hit(ctx, ctx.choice)
  T.schedule(M.next, ctx.args)
end

return M
