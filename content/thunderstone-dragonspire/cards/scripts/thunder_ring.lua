-- Thunder Ring (§6.4): Light +1 (printed). DUNGEON: draw 1 card; the player
-- picks an opponent, whose top card (reshuffling his discard pile if need
-- be) is revealed and discarded; if it is a Hero, Magic Attack +2.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "ring", label = { "fx_village.ring", n = E.n(ctx.self, "draw"), m = E.n(ctx.self, "magic") },
  } })
end

function M.ring(ctx)
  local seat = ctx.args.seat
  E.draw(ctx, E.n(ctx.self, "draw"))
  local others = C.others(seat)
  if #others == 1 then return M.victim(ctx, others[1]) end
  local options = {}
  for _, s in ipairs(others) do options[#options + 1] = { id = s, label = { "fx_village.opponent", seat = s } } end
  T.decide { seat = seat, prompt = "fx_village.ring_prompt", options = options, on_choice = M.chosen, args = { seat = seat } }
end

function M.chosen(ctx) M.victim(ctx, ctx.choice) end

function M.victim(ctx, other)
  local top = C.top_of_deck(other)
  if not top then return end
  C.discard(top, other)
  T.log { "fx_village.ring_discard", seat = other, card = top }
  if C.is_hero(top) then E.bonus(ctx, "magic", E.n(ctx.self, "magic")) end
end

return M
