-- Chieftain's Drum (§6.4): VILLAGE/DUNGEON: name Hero, Village or Monster,
-- then discard the top card of your deck; if you named its type, draw 2.
-- Militia is a Hero; Torch, Dagger, Iron Rations are Village cards (§6.2);
-- a Guardian is a Monster; a Disease or a Thunderstone is none of them.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

local KINDS = { "hero", "village", "monster" }

local function kind_of(card)
  local t = C.type(card)
  if t == "guardian" then return "monster" end
  return t
end

function M.extend.effects(ctx)
  return E.offer(ctx, { "village", "dungeon" }, { { fn = "drum", label = { "fx_village.drum", n = E.n(ctx.self, "draw") } } })
end

function M.drum(ctx)
  local options = {}
  for _, k in ipairs(KINDS) do options[#options + 1] = { id = k, label = "fx_village.kind_" .. k } end
  T.decide { seat = ctx.args.seat, prompt = "fx_village.drum_prompt", options = options, on_choice = M.named,
    args = { seat = ctx.args.seat } }
end

function M.named(ctx)
  local seat = ctx.args.seat
  local top = C.top_of_deck(seat)
  if not top then return end
  C.discard(top, seat)
  local right = kind_of(top) == ctx.choice
  T.log { right and "fx_village.drum_right" or "fx_village.drum_wrong", seat = seat, card = top }
  if right then C.draw_into_play(seat, E.n(ctx.self, "draw")) end
end

return M
