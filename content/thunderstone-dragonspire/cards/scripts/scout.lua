-- Scout (§6.4): VILLAGE: draw 3 cards, then put 3 cards from play on top of
-- your deck (not a card used for an effect, so not the Scout itself), one
-- at a time: the first one put is the top card. DUNGEON: look at the top 3
-- cards of the Dungeon deck and put them back in any order, top first.
local T = tabula
local E = require "rules.effects"
local pile = require "std.pile"
local M = { extend = {} }

function M.extend.effects(ctx)
  if ctx.args.phase == "dungeon" then
    return E.offer(ctx, "dungeon", { {
      fn = "reorder", label = { "fx_village.scout_dungeon", n = E.n(ctx.self, "look") },
      when = function() return T.count("dungeon") > 1 end,
    } })
  end
  return E.offer(ctx, "village", { {
    fn = "scout", label = { "fx_village.scout_village", n = E.n(ctx.self, "draw"), k = E.n(ctx.self, "put_back") },
  } })
end

-- --- the Village: draw, then put back --------------------------------------

local returnable = E.unused_in_play

function M.scout(ctx)
  E.draw(ctx, E.n(ctx.self, "draw"))
  local n = math.min(E.n(ctx.self, "put_back"), #returnable(ctx.args.seat))
  if n > 0 then M.ask_back(ctx.args.seat, 1, n) end
end

function M.ask_back(seat, k, n)
  E.pick { seat = seat, cards = returnable(seat), prompt = { "fx_village.put_back", k = k, n = n }, then_fn = M.put_back,
    args = { k = k, n = n } }
end

function M.put_back(ctx)
  local seat, k, n = ctx.args.seat, ctx.args.k, ctx.args.n
  T.move(E.picked(ctx), "deck", seat, k)
  if k < n then M.ask_back(seat, k + 1, n) end
end

-- --- the Dungeon: reorder the top cards -------------------------------------

function M.reorder(ctx)
  local cards = pile.peek("dungeon", nil, E.n(ctx.self, "look"))
  M.ask_order(ctx.args.seat, 1, cards)
end

function M.ask_order(seat, k, cards)
  for _, c in ipairs(cards) do T.reveal(c, seat) end
  E.pick { seat = seat, cards = cards, prompt = { "fx_village.dungeon_order", k = k }, then_fn = M.ordered,
    args = { k = k, cards = cards } }
end

function M.ordered(ctx)
  local picked, k = E.picked(ctx), ctx.args.k
  T.move(picked, "dungeon", nil, k)
  local rest = {}
  for _, c in ipairs(ctx.args.cards) do
    if c ~= picked then rest[#rest + 1] = c end
  end
  if #rest > 0 then M.ask_order(ctx.args.seat, k + 1, rest) end
end

return M
