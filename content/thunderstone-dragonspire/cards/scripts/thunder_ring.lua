-- Thunder Ring (§6.4): Light +1 (printed). DUNGEON: draw 1 card; the player
-- picks an opponent, whose top card (reshuffling his discard pile if need
-- be) is revealed and discarded; if it is a Hero, Magic Attack +2. The
-- opponent named may turn the effect back on its player (Belzur Bishop,
-- rules/reactions.lua).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local reactions = require "rules.reactions"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "ring", label = { "fx_village.ring", n = E.n(ctx.self, "draw"), m = E.n(ctx.self, "magic") },
  } })
end

function M.ring(ctx)
  E.draw(ctx, E.n(ctx.self, "draw"))
  reactions.target_opponent(ctx.args.seat, "fx_village.ring_prompt", ctx.self, "named")
end

function M.named(ctx) M.victim(ctx, ctx.args.target) end

function M.victim(ctx, other)
  local top = C.top_of_deck(other)
  if not top then return end
  C.discard(top, other)
  T.log { "fx_village.ring_discard", seat = other, card = top }
  if C.is_hero(top) then E.bonus(ctx, "magic", E.n(ctx.self, "magic")) end
end

return M
