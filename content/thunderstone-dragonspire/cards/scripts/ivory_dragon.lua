-- Ivory Dragon (§6.7.2): TREASURE: VILLAGE: destroy it and any number of
-- cards from your hand (revealed, in play; not one used for an effect this
-- turn); gain 1 XP for each card from the hand (not for the Dragon itself,
-- OQ-29). Offered to its owner while it lies aside.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local opts = require "std.options"
local M = { extend = {} }

local function mine(ctx)
  return T.where(ctx.self) == "aside" and T.owner(ctx.self) == ctx.args.seat
end

local offered = E.unused_in_play

function M.extend.effects(ctx)
  if ctx.args.phase ~= "village" or not mine(ctx) then return nil end
  return { { card = ctx.self, fn = "smash", label = { "fx_monster.ivory", n = E.n(ctx.self, "xp") }, again = false } }
end

function M.smash(ctx)
  local seat = ctx.args.seat
  local cards = offered(seat)
  if #cards == 0 then return M.smashed(ctx) end
  T.decide { seat = seat, prompt = { "fx_monster.ivory_prompt", n = E.n(ctx.self, "xp") },
    options = opts.for_entities(cards, nil, C.telling(cards)), pick = { min = 0 }, on_choice = M.smashed, args = { seat = seat } }
end

function M.smashed(ctx)
  local seat = ctx.args.seat
  local n = 0
  local _, by_id = opts.for_entities(offered(seat))
  for _, id in ipairs(ctx.choice or {}) do
    C.destroy(by_id[id])
    n = n + 1
  end
  C.destroy(ctx.self)
  T.add_counter(seat, "xp", n * E.n(ctx.self, "xp"))
  T.log { "fx_monster.log_xp", seat = seat, n = n * E.n(ctx.self, "xp") }
end

return M
